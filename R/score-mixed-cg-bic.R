# The conditional Gaussian score "cg_bic" of Andrews, Ramsey and Cooper (2018), in which a
# discrete node may have continuous parents (score/conditional_gaussian.hpp).

#' @name bn_score
#' @rdname bn_score
#' @section The conditional Gaussian score `"cg_bic"`:
#' On mixed data, `"cg_bic"` is the conditional Gaussian score of Andrews, Ramsey and
#' Cooper (2018), as Tetrad's `ConditionalGaussianScore` computes it (without
#' discretisation), in which a discrete node may have continuous parents, so no arc
#' direction is excluded (the learners' `info$excluded_arcs` is empty). A family scores
#' `L(family) - L(parents) - penalty_discount * (d(family) - d(parents)) * log(N) / 2`,
#' where `L(X, A)`, for continuous variables `X` and discrete ones `A`, is the
#' log-likelihood of `X` jointly Gaussian within each cell (configuration) of `A` plus the
#' multinomial log-likelihood of the cells, and `d(X, A) = f (p + p (p + 1) / 2) + f - 1`
#' with `f` the number of configurations of `A` and `p = |X|`. As in Tetrad, cells with
#' fewer than 4 cases (or fewer than `p`) are left out, each cell's covariance has divisor
#' `n - 1`, and a cell whose covariance determinant is below `1e-12` (in the data's units)
#' makes the family's score `-Inf`. The numbers are half Tetrad's (learnbn's scores are on
#' the log-likelihood scale, Tetrad's on twice it). The score is not score equivalent.
#' @references Andrews, B., Ramsey, J. and Cooper, G. F. (2018). Scoring Bayesian networks
#'   of mixed variables. *International Journal of Data Science and Analytics*, 6, 3-18.
#' @examples
#' # A discrete node with a continuous parent, under the score of Andrews et al.
#' network_score(bn_graph_from_string("[Petal.Length][Species|Petal.Length]"),
#'               iris[c("Species", "Petal.Length")], score = "cg_bic")
NULL
