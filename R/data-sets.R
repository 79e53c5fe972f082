# Documentation of the bundled data sets.

#' Sewell and Shah's college plans data
#'
#' Counts of 10,318 Wisconsin high-school seniors cross-classified by five variables
#' (Sewell and Shah 1968), as analysed in Heckerman's "Graphical models: structure
#' learning" (Heckerman 2003, Table 1; also Heckerman 1995) and in a walk-through of
#' the PC algorithm; `vignette("college-plans")` reproduces both analyses.
#'
#' @format A data.frame with 128 rows (one per configuration, CP varying fastest, then
#'   PE, IQ, SES and SEX) and 6 columns:
#' \describe{
#'   \item{SEX}{sex: male, female}
#'   \item{SES}{socioeconomic status: low, lower_middle, upper_middle, high}
#'   \item{IQ}{intelligence quotient: low, lower_middle, upper_middle, high}
#'   \item{PE}{parental encouragement: low, high}
#'   \item{CP}{college plans: yes, no}
#'   \item{count}{number of students in the configuration}
#' }
#'
#' The attribute `attr(college_plans, "counts")` is `"count"`, so [bn_data()] and every
#' learner, score, test and [fit_parameters()] use the column as case counts when given
#' `college_plans` as it is: `hill_climb(college_plans)` learns from the 10,318 cases,
#' exactly as `hill_climb(bn_data(college_plans, counts = "count"))`.
#' `college_plans[rep(1:128, college_plans$count), 1:5]` expands it to one row per
#' student (selecting columns drops the attribute).
#' @source Sewell, W. and Shah, V. (1968). Social class, parental encouragement, and
#'   educational aspirations. *American Journal of Sociology*, 73, 559-572.
#' @references Heckerman, D. (2003). Graphical models: structure learning. In Arbib, M. A.
#'   (ed.), *The Handbook of Brain Theory and Neural Networks*, 2nd ed., MIT Press.
#'
#'   Heckerman, D. (1995). A tutorial on learning with Bayesian networks.
#'   Technical Report MSR-TR-95-06, Microsoft Research.
#' @family data
#' @examples
#' sum(college_plans$count)
#' bn_data(college_plans, counts = "count")
#' hill_climb(college_plans)
#' @name college_plans
#' @docType data
#' @keywords datasets
NULL

#' Radelet's Florida homicide data
#'
#' 637 Florida homicide trials cross-classified by five variables (Radelet 1981), as
#' used in examples of constraint-based learning with the PC algorithm (see
#' `vignette("florida")`).
#'
#' @format A data.frame with 32 rows and 6 columns:
#' \describe{
#'   \item{V}{race of the victim: white, black}
#'   \item{D}{race of the defendant: white, black}
#'   \item{R}{relationship of victim and defendant: nonprimary, primary}
#'   \item{I}{indictment: first (first-degree murder), other}
#'   \item{S}{death sentence: no, yes}
#'   \item{count}{number of trials in the configuration}
#' }
#'
#' As for [college_plans], the attribute `attr(florida, "counts")` is `"count"`, so the
#' table is used with its case counts when given as it is.
#' @source Radelet, M. L. (1981). Racial characteristics and the imposition of the death
#'   penalty. *American Sociological Review*, 46, 918-927.
#' @family data
#' @examples
#' sum(florida$count)
#' bn_data(florida)
#' @name florida
#' @docType data
#' @keywords datasets
NULL
