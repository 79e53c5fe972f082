# The conditional Gaussian core shared by query(), predict(), impute() and structural_em()
# (R/fit-mixed-normal.R): joint normals per configuration, their conditioning, and the
# rule for configurations without cases. clg_fit() and clg_parameters() are in
# helper-clg.R: X | A ~ N(mx_A, sx_A^2), Y | X, B ~ N(cy_B + dy_B X, ty_B^2).

test_that("the joint normals and their conditioning equal (I - B)^-1 and the Schur complement", {
  p <- clg_parameters()
  grid <- expand.grid(a = 1:2, b = 1:3)
  codes <- list(A = grid$a - 1L, B = grid$b - 1L)
  moments <- learnbn:::cg_moments(clg_fit(), c("X", "Y"), codes, nrow(grid))
  y <- c(1.3, -0.2, 2.5)
  config <- c(1L, 4L, 6L)  # three cases: (a1, b1), (a2, b2), (a2, b3)
  given <- learnbn:::cg_observe(moments, cbind(Y = y), config, NULL)
  for (k in seq_len(nrow(grid))) {
    a <- grid$a[[k]]
    b <- grid$b[[k]]
    # x = c + B x + e: (I - B)^-1 c and (I - B)^-1 D (I - B)^-T in plain R
    inverse <- solve(diag(2) - rbind(c(0, 0), c(p$dy[[b]], 0)))
    mean <- inverse %*% c(p$mx[[a]], p$cy[[b]])
    cov <- inverse %*% diag(c(p$sx[[a]], p$ty[[b]])^2) %*% t(inverse)
    expect_equal(unname(moments$mean[k, ]), as.vector(mean), tolerance = 1e-12)
    expect_equal(unname(moments$cov[k, , ]), cov, tolerance = 1e-12)
    for (case in which(config == k)) {
      expect_equal(unname(given$mean[case, "X"]),
                   mean[1] + cov[1, 2] / cov[2, 2] * (y[[case]] - mean[2]), tolerance = 1e-12)
      expect_equal(given$log_density[[case]],
                   dnorm(y[[case]], mean[2], sqrt(cov[2, 2]), log = TRUE), tolerance = 1e-12)
    }
    expect_equal(given$cov[k, 1, 1], cov[1, 1] - cov[1, 2]^2 / cov[2, 2], tolerance = 1e-12)
  }
})

test_that("impute() does not depend on the order of the fit's continuous nodes", {
  p <- clg_parameters()
  fit <- clg_fit()
  reversed <- fit
  reversed$coefficients <- rev(fit$coefficients)  # Y before its parent X
  reversed$sd <- rev(fit$sd)
  row <- data.frame(A = factor(NA, c("a1", "a2")), B = factor(NA, c("b1", "b2", "b3")),
                    X = NA_real_, Y = 1.3)
  # E[X | Y = 1.3]: the mixture over (A, B), weights P(a) P(b | a) N(1.3; mean_y, sd_y)
  grid <- expand.grid(a = c("a1", "a2"), b = c("b1", "b2", "b3"), stringsAsFactors = FALSE)
  parts <- t(mapply(function(a, b) {
    var_x <- p$sx[[a]]^2
    var_y <- p$dy[[b]]^2 * var_x + p$ty[[b]]^2
    mean_y <- p$cy[[b]] + p$dy[[b]] * p$mx[[a]]
    c(weight = p$pa[[a]] * p$pb[a, b] * dnorm(1.3, mean_y, sqrt(var_y)),
      x = p$mx[[a]] + p$dy[[b]] * var_x / var_y * (1.3 - mean_y))
  }, grid$a, grid$b))
  expected <- sum(parts[, "weight"] * parts[, "x"]) / sum(parts[, "weight"])
  expect_equal(impute(reversed, row)$X, expected, tolerance = 1e-12)
  expect_equal(impute(fit, row)$X, expected, tolerance = 1e-12)
})

test_that("observed cells give a configuration without cases weight 0; asked-for ones fail", {
  p <- clg_parameters()
  fit <- clg_fit()
  fit$coefficients$X[, "a2"] <- NA  # X never seen with A = a2
  fit$sd$X[["a2"]] <- NA
  # X observed: A = a2 gets weight 0, so A = a1 and B | A = a1
  expect_equal(as.vector(query(fit, "A", evidence = list(X = 0.4))), c(1, 0))
  expect_equal(as.vector(query(fit, "B", evidence = list(X = 0.4))), unname(p$pb["a1", ]),
               tolerance = 1e-12)
  q <- query(fit, "Y", evidence = list(X = 0.4))
  expect_equal(q$mean[["Y"]], sum(p$pb["a1", ] * (p$cy + p$dy * 0.4)), tolerance = 1e-12)
  x <- data.frame(B = factor("b2", c("b1", "b2", "b3")), X = 0.4)
  expect_identical(as.character(predict(fit, x, "A")), "a1")  # the local path
  # X unobserved but needed (Y's parent), under A = a2 of positive weight: an error
  expect_error(query(fit, "Y"), "\"X\"", class = "learnbn_error_unobserved_configurations")
  row <- data.frame(A = factor(NA, c("a1", "a2")), B = factor("b1", c("b1", "b2", "b3")),
                    X = NA_real_, Y = NA_real_)
  expect_error(impute(fit, row), "row 1 of `data`",
               class = "learnbn_error_unobserved_configurations")
  # Y observed needs X's parameters too: A = a2 has weight 0, and X | A = a1, B = b1,
  # Y = 1.3 is 1 + cov(X, Y) / var(Y) (1.3 - 1) = 1 + 1 / 2 * 0.3
  row$Y <- 1.3
  filled <- impute(fit, row)
  expect_identical(as.character(filled$A), "a1")
  expect_equal(filled$X, 1.15, tolerance = 1e-12)
  row$X <- 0.4
  row$Y <- NA_real_
  filled <- impute(fit, row)
  expect_identical(as.character(filled$A), "a1")
  expect_equal(filled$Y, p$cy[["b1"]] + p$dy[["b1"]] * 0.4, tolerance = 1e-12)
  # Y observed in a configuration where its parameters are NA: the row is impossible
  fit <- clg_fit()
  fit$coefficients$Y[, "b2"] <- NA
  x <- data.frame(A = "a1", B = "b2", Y = 1)
  expect_warning(expect_identical(predict(fit, x, "X"), NA_real_),
                 class = "learnbn_warning_impossible_evidence")
})

test_that("configurations are numbered by first occurrence, also past 2^52 of them", {
  codes <- list(c(1L, 0L, 1L, 2L, 0L), c(0L, 1L, 0L, 1L, 1L))
  expect_identical(learnbn:::config_groups(codes, c(3L, 2L)), c(1L, 2L, 1L, 3L, 2L))
  # 60 binary nodes (2^60 configurations): the same groups as matching pasted codes
  set.seed(3)
  codes <- lapply(1:60, function(j) sample(0:1, 200, replace = TRUE))
  codes[[60]][101:200] <- 1L - codes[[60]][1:100]  # rows that differ in the last node only
  codes[1:59] <- lapply(codes[1:59], function(v) c(v[1:100], v[1:100]))
  key <- do.call(paste, codes)
  expect_identical(learnbn:::config_groups(codes, rep(2L, 60)), match(key, unique(key)))
})

test_that("Gaussian query() and predict() equal the joint (I - B)^-1 D (I - B)^-T, conditioned", {
  set.seed(11)
  fit <- random_gaussian_fit(30, average_degree = 3)
  nodes <- fit$nodes
  # the joint in plain R: x = b0 + B x + e, so x = (I - B)^-1 (b0 + e), e ~ N(0, diag(sd^2))
  B <- matrix(0, 30, 30, dimnames = list(nodes, nodes))
  b0 <- stats::setNames(numeric(30), nodes)
  for (node in nodes) {
    beta <- coef(fit)[[node]]
    b0[[node]] <- beta[[1L]]
    B[node, names(beta)[-1L]] <- beta[-1L]
  }
  inverse <- solve(diag(30) - B)
  mu <- drop(inverse %*% b0)
  sigma <- inverse %*% diag(unlist(fit$sd)[nodes]^2) %*% t(inverse)
  dimnames(sigma) <- list(nodes, nodes)
  order <- topological_order(fit$graph)
  moments <- learnbn:::cg_moments(fit, order, list(), 1L)
  expect_equal(moments$mean[1L, ], mu[order], tolerance = 1e-12)
  expect_equal(moments$cov[1L, , ], sigma[order, order], tolerance = 1e-12)
  # conditioning: the Schur complement of the evidence block
  seen <- nodes[c(4, 9, 17, 23, 28)]
  target <- setdiff(nodes, seen)
  values <- stats::setNames(seq(-1, 1, length.out = 5), seen)
  gain <- sigma[target, seen] %*% solve(sigma[seen, seen])
  got <- query(fit, target, as.list(values))
  expect_equal(got$mean, drop(mu[target] + gain %*% (values - mu[seen])), tolerance = 1e-12)
  expect_equal(got$cov, sigma[target, target] - gain %*% sigma[seen, target], tolerance = 1e-12)
  # predict(): each row's own missing-cell pattern, conditioned on its observed cells
  data <- simulate_data(fit, 20)
  data[matrix(stats::runif(600) < 0.3, 20)] <- NA
  data$X1 <- NA
  expected <- vapply(seq_len(20), function(r) {
    seen <- setdiff(nodes[!is.na(unlist(data[r, ]))], "X1")
    x <- unlist(data[r, seen])
    mu[["X1"]] + drop(sigma["X1", seen, drop = FALSE] %*% solve(sigma[seen, seen], x - mu[seen]))
  }, 0)
  expect_equal(predict(fit, data, "X1"), expected, tolerance = 1e-12)
})
