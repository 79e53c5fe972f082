#' Parents and children by semi-interleaved HITON-PC
#'
#' Semi-interleaved HITON-PC (Aliferis et al. 2010), with bnlearn 4.9's definitions:
#' the nodes dependent on the target are taken in increasing order of their marginal
#' p-value, and each joins the PC set unless some non-empty subset of the set so far
#' separates it from the target; then, as in [mmpc()], a member is removed when some
#' non-empty subset of the other members separates it. The whole network, the symmetry
#' correction, the undirected result and the knowledge are as in [mmpc()].
#'
#' @inheritParams mmpc
#' @return As [mmpc()].
#' @references Aliferis, C. F., Statnikov, A., Tsamardinos, I., Mani, S. and Koutsoukos,
#'   X. D. (2010). Local causal and Markov blanket induction for causal discovery and
#'   feature selection for classification. *Journal of Machine Learning Research*, 11,
#'   171-234.
#' @family local discovery learners
#' @export
#' @examples
#' cp <- bn_data(college_plans, counts = "count")
#' hiton_pc(cp, alpha = 0.01)
#' hiton_pc(cp, target = "CP", alpha = 0.01)
hiton_pc <- function(data, target = NULL, test = NULL, alpha = 0.05, max_cond = Inf,
                     whitelist = NULL, blacklist = NULL, B = 1000L, threads = NULL,
                     verbose = FALSE) {
  local_discovery(data, "hiton_pc", target, test, alpha, max_cond, whitelist, blacklist,
                  if (!missing(B)) B, threads, verbose)
}
