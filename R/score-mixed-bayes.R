# The Bayesian conditional Gaussian score of mixed data, "bcg": deal's network score
# (score/master_prior.hpp).

#' @name bn_score
#' @rdname bn_score
#' @section The Bayesian conditional Gaussian score `"bcg"`:
#' On mixed data, `"bcg"` is the marginal likelihood of a conditional Gaussian network
#' under the master prior of Bottcher and Dethlefsen (2003), as the R package deal
#' (1.2) computes it with its default prior network: `network_score()` equals deal's
#' `learn(nw, df, jointprior(nw, N))$nw$score`. The master prior is a joint prior over
#' all the variables, built from a prior network in which every variable is
#' independent: each discrete variable uniform, each continuous variable Gaussian with
#' the data's mean and maximum-likelihood variance, in every one of the `TD` joint
#' configurations of the discrete variables. `iss` is its imaginary sample size `N`,
#' spread evenly over those configurations; it must exceed `TD` (each configuration
#' needs more than one imaginary case) and is by default `2 TD`, deal's default (so it
#' grows with the number of discrete variables, and can outweigh the data).
#'
#' Each family's prior is derived from the master prior, so Markov-equivalent DAGs
#' (within the conditional Gaussian ones) score alike. A discrete family scores as
#' BDeu with `iss = N`; a continuous node, in each configuration of its `q` discrete
#' parents with `n` cases, is a Bayesian linear regression on its `p` continuous
#' parents (normal-inverse-gamma prior, `N / q + p` degrees of freedom), whose marginal
#' likelihood is a multivariate t density. As for the CLG scores, a discrete node has
#' discrete parents only. Structure priors apply.
#' @references Bottcher, S. G. and Dethlefsen, C. (2003). deal: a package for learning
#'   Bayesian networks. *Journal of Statistical Software*, 8(20), 1-40.
#'
#'   Bottcher, S. G. (2001). Learning Bayesian networks with mixed variables.
#'   *Proceedings of the Eighth International Workshop on Artificial Intelligence and
#'   Statistics*, 149-156.
#' @examples
#' # The Bayesian conditional Gaussian score of mixed data (deal's)
#' network_score(bn_graph_from_string("[Species][Petal.Length|Species]"),
#'               iris[c("Species", "Petal.Length")], score = "bcg")
NULL

# The "bcg" score checked against `data` (mixed data only), with `iss` set to deal's
# default 2 TD when not given; TD: the joint configurations of the discrete variables.
check_bcg_data <- function(score, data, call = rlang::caller_env()) {
  if (!is_mixed(data)) {
    kind <- if (is_gaussian(data)) "continuous" else "discrete"
    other <- if (is_gaussian(data)) "bge" else "bdeu"
    lbn_abort(c(paste0("The {.val bcg} score applies to mixed data, but {.arg data} are ",
                       "{kind}."),
                "i" = "Its counterpart for {kind} data is {.val {other}}."),
              "data_type", call = call)
  }
  discrete <- setdiff(names(data$levels), continuous_nodes(data))
  td <- prod(lengths(data$levels[discrete]))
  if (is.null(score$iss)) {
    score$iss <- 2 * td
    return(score)
  }
  if (score$iss <= td) {
    lbn_abort(c(paste0("{.arg iss} = {format(score$iss, big.mark = \",\")} is too small for ",
                       "the {.val bcg} score: it must exceed the {format(td, big.mark = \",\")} ",
                       "joint configurations of the discrete variables."),
                "i" = paste0("Leave {.arg iss} out for deal's default, ",
                             "{format(2 * td, big.mark = \",\")}.")),
              "value", call = call)
  }
  score
}
