# explain_fci(): the walk-through of an FCI run on the Florida data (G2, alpha = 0.05),
# whose tests and PAG are checked against pcalg in test-fci.R.

test_that("explain_fci() lists the independences, the marks set and the PAG's edges", {
  g <- fci(bn_data(florida, counts = "count"), test = "g2", alpha = 0.05)
  out <- capture.output(res <- explain_fci(g))
  expect_identical(res, g)
  expect_match(out[1], "^FCI \\(stable skeleton\\): .* alpha = 0.05, orientation \"standard\"")
  # The skeleton's independences are PC's (see explain_pc() on these data), then the
  # possible-d-sep phase removes R - S.
  expect_true(any(grepl("D _||_ R (p-value", out, fixed = TRUE)))
  pd <- which(startsWith(out, "Possible-D-Sep"))
  expect_match(out[pd + 1], "R _||_ S | D, I, V", fixed = TRUE)
  # The edges of the PAG, read from its matrix by hand: V <-o D, V <-o R, V --> I,
  # R --> I, I --> S.
  result <- out[(which(out == "Result") + 1):length(out)]
  expect_identical(trimws(result), c("V <-o D", "V <-o R", "V --> I", "R --> I", "I --> S"))
  expect_true(any(grepl("R0 collider: the mark at V of D - V becomes an arrowhead", out,
                        fixed = TRUE)))
})

test_that("explain_fci() walks through RFCI's checks and refuses other objects", {
  r <- rfci(bn_data(florida, counts = "count"), test = "g2", alpha = 0.05)
  out <- capture.output(explain_fci(r, max_lines = 2))
  expect_match(out[1], "^RFCI")
  expect_false(any(startsWith(out, "Possible-D-Sep")))
  expect_error(explain_fci(pc(bn_data(college_plans, counts = "count"))),
               class = "learnbn_error_type")
  expect_error(explain_fci(r, digits = 0), class = "learnbn_error")
})
