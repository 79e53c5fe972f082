# A small conditional linear Gaussian network for the tests of query() and predict() on
# mixed fits (test-fit-mixed-query.R, test-fit-mixed-predict.R).

# A hand-made CLG network: A (a1, a2) -> B (b1, b2, b3); X | A normal; Y | X, B linear.
#   P(A) = (0.3, 0.7); P(B | a1) = (0.5, 0.3, 0.2), P(B | a2) = (0.1, 0.6, 0.3)
#   X | a1 ~ N(1, 1), X | a2 ~ N(-1, 2^2)
#   Y | X, b ~ N(c_b + d_b X, t_b^2) with c = (0, 2, -1), d = (1, -0.5, 2), t = (1, 0.5, 1.5)
clg_parameters <- function() {
  list(pa = c(a1 = 0.3, a2 = 0.7),
       pb = rbind(a1 = c(b1 = 0.5, b2 = 0.3, b3 = 0.2), a2 = c(b1 = 0.1, b2 = 0.6, b3 = 0.3)),
       mx = c(a1 = 1, a2 = -1), sx = c(a1 = 1, a2 = 2),
       cy = c(b1 = 0, b2 = 2, b3 = -1), dy = c(b1 = 1, b2 = -0.5, b3 = 2),
       ty = c(b1 = 1, b2 = 0.5, b3 = 1.5))
}

clg_fit <- function(pb = clg_parameters()$pb) {
  p <- clg_parameters()
  levels <- list(A = c("a1", "a2"), B = c("b1", "b2", "b3"))
  cpts <- list(A = array(p$pa, 2, dimnames = levels["A"]),
               B = array(t(pb), c(3, 2), dimnames = levels[c("B", "A")]))
  coefficients <- list(X = matrix(p$mx, 1, dimnames = list("(Intercept)", levels$A)),
                       Y = rbind("(Intercept)" = p$cy, X = p$dy))
  new_mixed_fit(bn_graph_from_string("[A][B|A][X|A][Y|X:B]"), levels, cpts, coefficients,
                list(X = p$sx, Y = p$ty), "mle")
}

# p(A = a, B = b, X = x, Y = y) in plain R (densities for X and Y), vectorised over x.
clg_density <- function(a, b, x, y) {
  p <- clg_parameters()
  p$pa[[a]] * p$pb[a, b] * dnorm(x, p$mx[[a]], p$sx[[a]]) *
    dnorm(y, p$cy[[b]] + p$dy[[b]] * x, p$ty[[b]])
}

# p(A = a, B = b, Y = y) with X integrated out numerically.
clg_density_y <- function(a, b, y) {
  integrate(function(x) clg_density(a, b, x, y), -Inf, Inf, rel.tol = 1e-12)$value
}
