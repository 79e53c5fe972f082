# Exact counting of labelled DAGs (Robinson's recurrence with small big-integer arithmetic)
# and of the DAGs in a Markov equivalence class (He, Jia & Yu 2015).

# ---- big integers: numeric vectors of limbs, least significant first ---------------------
# The recurrence runs in base 2^13, where multiplying by a power of two is a shift; the
# results are converted to base 10^4 for printing. Limb products stay below 2^27 and a
# product accumulates at most one term per limb of the shorter factor, so every
# intermediate value is an exact double (< 2^53).

bin_bits <- 13
bin_base <- 2^bin_bits
dec_base <- 1e4

# Propagate carries (and borrows) until every limb lies in [0, base); drop leading zeros.
big_normalise <- function(x, base = bin_base) {
  repeat {
    carry <- floor(x / base)
    if (all(carry == 0)) break
    x <- x - carry * base
    top <- carry[length(carry)]
    x <- x + c(0, carry[-length(carry)])
    if (top != 0) x <- c(x, top)
  }
  keep <- max(c(1L, which(x != 0)))
  x[seq_len(keep)]
}

big_pad <- function(x, n) c(x, numeric(n - length(x)))

big_add <- function(a, b) {
  n <- max(length(a), length(b))
  big_normalise(big_pad(a, n) + big_pad(b, n))
}

# a - b for a >= b.
big_subtract <- function(a, b) {
  n <- max(length(a), length(b))
  big_normalise(big_pad(a, n) - big_pad(b, n))
}

big_multiply <- function(a, b) {
  if (length(a) < length(b)) {
    swap <- a
    a <- b
    b <- swap
  }
  la <- length(a)
  out <- numeric(la + length(b))
  for (i in which(b != 0)) {
    at <- seq.int(i, length.out = la)
    out[at] <- out[at] + a * b[i]
  }
  big_normalise(out)
}

# x * 2^exponent: whole limbs are a shift, the remaining bits a small multiplication.
big_times_power_of_two <- function(x, exponent) {
  shifted <- c(numeric(exponent %/% bin_bits), x * 2^(exponent %% bin_bits))
  big_normalise(shifted)
}

# A whole number 0 <= x < 2^53 as limbs.
big_from_number <- function(x) {
  limbs <- x %% bin_base
  x <- x %/% bin_base
  while (x > 0) {
    limbs <- c(limbs, x %% bin_base)
    x <- x %/% bin_base
  }
  limbs
}

# n! as limbs: each factor below 2^13 fits in one limb, so every step is a short product.
big_factorial <- function(n) {
  result <- 1
  for (k in seq_len(n)[-1L]) result <- big_multiply(result, big_from_number(k))
  result
}

# Base 2^13 to a string of decimal digits (Horner's rule in base 10^4).
big_to_string <- function(x) {
  decimal <- 0
  for (limb in rev(x)) {
    decimal <- decimal * bin_base
    decimal[1L] <- decimal[1L] + limb
    decimal <- big_normalise(decimal, dec_base)
  }
  top <- length(decimal)
  paste0(sprintf("%.0f", decimal[top]), paste(sprintf("%04.0f", rev(decimal[-top])), collapse = ""))
}

# a(0..n_max) by Robinson's recurrence
#   a(n) = sum_{k=1..n} (-1)^(k+1) C(n, k) 2^(k (n - k)) a(n - k),
# with the positive and negative terms summed apart and subtracted at the end.
robinson_counts <- function(n_max) {
  counts <- vector("list", n_max + 1L)
  counts[[1L]] <- 1
  binomial_row <- list(1)  # C(n, 0..n)
  for (n in seq_len(n_max)) {
    previous <- binomial_row
    binomial_row <- vector("list", n + 1L)
    binomial_row[[1L]] <- 1
    binomial_row[[n + 1L]] <- 1
    for (k in seq_len(n - 1L)) binomial_row[[k + 1L]] <- big_add(previous[[k]], previous[[k + 1L]])
    positive <- 0
    negative <- 0
    for (k in seq_len(n)) {
      term <- big_times_power_of_two(big_multiply(binomial_row[[k + 1L]], counts[[n - k + 1L]]),
                                     k * (n - k))
      if (k %% 2 == 1) positive <- big_add(positive, term) else negative <- big_add(negative, term)
    }
    counts[[n + 1L]] <- big_subtract(positive, negative)
  }
  counts
}

# Beyond this the n^4 big-integer recurrence needs hours and its n counts gigabytes.
count_dags_max_n <- 1000

#' Number of labelled DAGs on n nodes
#'
#' Counts the directed acyclic graphs on `n` labelled nodes exactly, by Robinson's (1973)
#' recurrence \deqn{a(n) = \sum_{k=1}^{n} (-1)^{k+1} \binom{n}{k} 2^{k(n-k)} a(n-k),
#' \quad a(0) = 1}{a(n) = sum_{k=1..n} (-1)^(k+1) C(n, k) 2^(k (n - k)) a(n - k), a(0) = 1}
#' with big-integer arithmetic, so every digit is right (OEIS A003024). The count grows
#' superexponentially: 25 DAGs on 3 nodes, about 4.2e18 on 10 and 2.3e72 on 20. The
#' work grows roughly like `n^4`: `n = 100` takes a fraction of a second, a few hundred
#' take seconds. `n` above 1000 is an error.
#'
#' @param n A vector of whole numbers `>= 0`.
#' @return A `bn_count` object: a character vector of the exact decimal digits, one per
#'   element of `n`, with methods [as.character()], [as.numeric()] / [as.double()]
#'   (nearest double; `Inf` beyond about 1.8e308), [format()] and [print()]; comparisons
#'   (`==`, `<`, ...) with counts or whole numbers are exact, `log()`, `log10()` and
#'   `log2()` are finite at any size, other arithmetic works on the nearest doubles.
#' @references Robinson, R. W. (1973). Counting labeled acyclic digraphs. In *New
#'   Directions in the Theory of Graphs*, 239-273.
#' @family graphs
#' @export
#' @examples
#' count_dags(0:5)
#' count_dags(10)
#' as.numeric(count_dags(20))
#' format(count_dags(20), scientific = TRUE)
count_dags <- function(n) {
  if (!is.numeric(n) || anyNA(n) || any(!is.finite(n))) {
    lbn_abort("{.arg n} must be a vector of whole numbers, not {.obj_type_friendly {n}}.", "type")
  }
  bad <- n[n < 0 | n != round(n)]
  if (length(bad)) {
    lbn_abort("{.arg n} must contain whole numbers >= 0, not {.val {utils::head(bad, 3)}}.",
              "value")
  }
  if (!length(n)) return(new_bn_count(character()))
  if (max(n) > count_dags_max_n) {
    lbn_abort(c("{.arg n} must be at most {count_dags_max_n}, not {.val {max(n)}}.",
                "i" = paste0("The count for {count_dags_max_n} nodes already has about 150,000 ",
                             "digits; larger ones would take hours and gigabytes.")),
              "value")
  }
  counts <- robinson_counts(max(n))
  wanted <- sort(unique(n))
  digits <- vapply(counts[wanted + 1], big_to_string, "")
  new_bn_count(unname(digits[match(n, wanted)]))
}

new_bn_count <- function(digits) {
  structure(digits, class = "bn_count")
}

#' @export
as.character.bn_count <- function(x, ...) {
  as.character(unclass(x))
}

#' @export
as.double.bn_count <- function(x, ...) {
  as.double(unclass(x))
}

#' @export
`[.bn_count` <- function(x, i) {
  new_bn_count(unclass(x)[i])
}

# Counts are digit strings: without these methods `count > 100` would compare strings
# ("6" > "100"). Comparisons are exact between counts and whole numbers below 2^53;
# anything else works on the nearest doubles.
#' @export
Ops.bn_count <- function(e1, e2) {
  if (.Generic %in% c("==", "!=", "<", ">", "<=", ">=")) {
    order <- compare_counts(e1, e2)
    if (!is.null(order)) return(get(.Generic)(order, 0))
  }
  as_number <- function(x) if (inherits(x, "bn_count")) as.double(x) else x
  if (missing(e2)) return(get(.Generic)(as_number(e1)))
  get(.Generic)(as_number(e1), as_number(e2))
}

# Decimal digits of a count or of whole numbers 0 <= x < 2^53; NULL for anything else.
count_digits <- function(x) {
  if (inherits(x, "bn_count")) return(unclass(x))
  if (is.numeric(x) && !anyNA(x) && all(x >= 0 & x < 2^53 & x == round(x))) {
    return(sprintf("%.0f", x))
  }
  NULL
}

# -1, 0 or 1 per element of the (recycled) pair, or NULL when either side is no count.
compare_counts <- function(e1, e2) {
  if (missing(e2)) return(NULL)
  a <- count_digits(e1)
  b <- count_digits(e2)
  if (is.null(a) || is.null(b) || !length(a) || !length(b)) return(NULL)
  n <- max(length(a), length(b))
  a <- rep_len(a, n)
  b <- rep_len(b, n)
  vapply(seq_len(n), function(i) {
    if (nchar(a[i]) != nchar(b[i])) return(sign(nchar(a[i]) - nchar(b[i])))
    differ <- utf8ToInt(a[i]) - utf8ToInt(b[i])
    first <- differ[differ != 0]
    if (length(first)) sign(first[1L]) else 0
  }, 0)
}

# log(), log10() and log2() from the leading digits and the number of digits, so they stay
# finite beyond the largest double; other functions work on the nearest doubles.
#' @export
Math.bn_count <- function(x, ...) {
  if (.Generic %in% c("log", "log10", "log2")) {
    digits <- unclass(x)
    lead <- substr(digits, 1L, 15L)
    natural <- log(as.double(lead)) + (nchar(digits) - nchar(lead)) * log(10)
    base <- switch(.Generic, log10 = 10, log2 = 2, log = if (...length()) ..1 else exp(1))
    return(natural / log(base))
  }
  get(.Generic)(as.double(x), ...)
}

#' @export
format.bn_count <- function(x, scientific = FALSE, digits = 3L, ...) {
  check_flag(scientific)
  check_number(digits, min = 1, whole = TRUE)
  digits_text <- unclass(x)
  if (!scientific) return(format(digits_text, justify = "right"))
  vapply(digits_text, function(d) {
    if (nchar(d) <= digits) return(d)
    mantissa <- substr(d, 1L, digits)
    if (digits > 1L) mantissa <- paste0(substr(mantissa, 1L, 1L), ".", substr(mantissa, 2L, digits))
    paste0(mantissa, "e+", nchar(d) - 1L)
  }, "", USE.NAMES = FALSE)
}

#' @export
print.bn_count <- function(x, ...) {
  if (!length(x)) {
    cat("<bn_count[0]>\n")
  } else {
    print(format(x, ...), quote = FALSE)
  }
  invisible(x)
}

# ---- size of a Markov equivalence class -------------------------------------------------

# Orient the edges of the undirected graph `adjacency` (logical, symmetric) out of `root`
# and close under Meek's rules R1-R3: the root's essential graph (He, Jia & Yu 2015).
rooted_essential <- function(adjacency, root) {
  pdag <- adjacency
  pdag[adjacency[, root], root] <- FALSE
  non_adjacent <- !adjacency
  diag(non_adjacent) <- FALSE
  repeat {
    undirected <- pdag & t(pdag)
    if (!any(undirected)) break
    directed <- pdag & !undirected
    storage <- directed + 0
    # R1: a -> b - c with a, c non-adjacent gives b -> c.
    orient <- undirected & crossprod(storage, non_adjacent + 0) > 0
    # R2: a -> b -> c with a - c gives a -> c.
    orient <- orient | (undirected & storage %*% storage > 0)
    # R3: a - c -> b, a - d -> b, c and d non-adjacent, a - b gives a -> b.
    candidates <- which(undirected & (undirected + 0) %*% storage >= 2, arr.ind = TRUE)
    for (r in seq_len(nrow(candidates))) {
      a <- candidates[r, 1L]
      b <- candidates[r, 2L]
      middle <- which(undirected[a, ] & directed[, b])
      if (any(non_adjacent[middle, middle])) orient[a, b] <- TRUE
    }
    orient <- orient & !t(orient)
    if (!any(orient)) break
    pdag[t(orient)] <- FALSE
  }
  pdag
}

# Number of acyclic orientations without immoralities of a connected chordal graph:
# sum over roots of the product of the sizes of the root's undirected components. Counts
# are big integers (limbs, see above): a clique of 200 nodes alone has 200! orientations.
count_chordal_component <- function(adjacency, ids, memo) {
  size <- length(ids)
  edges <- sum(adjacency) / 2
  if (edges == size * (size - 1) / 2) return(big_factorial(size))
  if (edges == size - 1) return(big_from_number(size))
  key <- paste(sort(ids), collapse = ",")
  if (!is.null(memo[[key]])) return(memo[[key]])
  total <- 0
  for (root in seq_len(size)) {
    rooted <- rooted_essential(adjacency, root)
    total <- big_add(total, count_undirected_components(rooted & t(rooted), ids, memo))
  }
  assign(key, total, envir = memo)
  total
}

# Product over the connected components of an undirected graph of their class sizes.
count_undirected_components <- function(undirected, ids, memo) {
  involved <- which(rowSums(undirected) > 0)
  if (!length(involved)) return(1)
  sub <- undirected[involved, involved, drop = FALSE]
  membership <- skeleton_components(sub)
  result <- 1
  for (component in unique(membership)) {
    members <- which(membership == component)
    result <- big_multiply(result, count_chordal_component(sub[members, members, drop = FALSE],
                                                           ids[involved[members]], memo))
  }
  result
}

#' Number of DAGs in a Markov equivalence class
#'
#' Counts the DAGs that are Markov equivalent to a DAG (or represented by a CPDAG): the
#' product, over the connected components of the undirected part of the CPDAG (each a
#' chordal graph), of the number of acyclic orientations of the component without
#' immoralities. Each component is counted by the root-based recursion of He, Jia & Yu
#' (2015) with memoisation, with closed forms for trees (`n`) and cliques (`n!`).
#'
#' The count is exact at any size, in the big-integer representation of [count_dags()]:
#' the class of a complete DAG on 200 nodes holds 200! DAGs, a number of 375 digits.
#' `as.numeric()` gives the nearest double (`Inf` beyond about 1.8e308) and `log()` the
#' natural logarithm, finite at any size; comparisons with numbers are exact.
#'
#' @param g A DAG, CPDAG or partially directed graph with a consistent extension
#'   ([bn_graph]).
#' @return A `bn_count` object of length one (see [count_dags()]).
#' @references He, Y., Jia, J. and Yu, B. (2015). Counting and exploring sizes of
#'   Markov equivalence classes of directed acyclic graphs. *JMLR* 16, 2589-2609.
#' @family graphs
#' @export
#' @examples
#' count_equivalent_dags(bn_graph_from_string("[A][B|A][C|B]"))
#' count_equivalent_dags(bn_graph_from_string("[A][C][B|A:C]"))
#' count_equivalent_dags(bn_graph_from_string("[A][B|A][C|A:B]"))
#' nodes <- paste0("X", 1:30)
#' complete <- bn_graph(matrix(upper.tri(diag(30)), 30, 30, dimnames = list(nodes, nodes)))
#' count_equivalent_dags(complete)  # 30!
#' log(count_equivalent_dags(complete))
count_equivalent_dags <- function(g) {
  g <- as_graph_arg(g)
  check_no_bidirected(g)
  essential <- cpdag_amat(dag_amat(g))
  undirected <- essential == 1L & t(essential) == 1L
  memo <- new.env(parent = emptyenv())
  count <- count_undirected_components(undirected, seq_len(nrow(undirected)), memo)
  new_bn_count(big_to_string(count))
}
