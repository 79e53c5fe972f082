test_that("the registry is read from the core once and stays equal to it", {
  first <- learnbn:::core_registry()
  expect_identical(first, learnbn:::cpp_registry())
  expect_identical(learnbn:::core_registry(), first)
  expect_true("bdeu" %in% first$scores)
  expect_true(all(c("bidirected", "first", "strongest") %in% first$conflict_policies))
})
