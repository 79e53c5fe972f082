# Background knowledge in the FCI family's PAGs (the marks are fixed by the core,
# constraint/pag_evidence.hpp): the conflicts it reports become a warning (a collider
# skipped: the knowledge wins, as in pc()) or an error (a rule's mark refused, or a
# blacklisted arc in the result: no ancestral graph fits both the data and the knowledge).

# The knowledge's reason for the mark at `to` of the edge from - to (names; `knowledge`
# a build_constraints() list).
knowledge_reason <- function(knowledge, from, to) {
  required <- knowledge$required
  ifelse(required[cbind(to, from)], paste0("the whitelisted arc ", to, " -> ", from),
         ifelse(required[cbind(from, to)], paste0("the whitelisted arc ", from, " -> ", to),
                paste0("the blacklisted arc ", to, " -> ", from)))
}

# Warns about the colliders skipped for the knowledge and stops at the other conflicts;
# `conflicts` has the columns rule, from, to and mark (names), in the core's order.
check_pag_knowledge <- function(amat, conflicts, knowledge, call = rlang::caller_env()) {
  made <- conflicts[conflicts$rule == "background knowledge", , drop = FALSE]
  if (nrow(made)) abort_knowledge_collider(made, call)
  rules <- conflicts[conflicts$rule != pag_rule_names[1], , drop = FALSE]
  if (nrow(rules)) abort_pag_rule(rules[1, ], knowledge, call)
  arc <- amat == 2L & t(amat) == 3L & knowledge$forbidden[rownames(amat), colnames(amat)] &
    !t(knowledge$forbidden[rownames(amat), colnames(amat)])
  if (any(arc)) abort_blacklisted_arc(which(arc, arr.ind = TRUE), rownames(amat), call)
  skipped <- conflicts[conflicts$rule == pag_rule_names[1], , drop = FALSE]
  if (nrow(skipped)) warn_skipped_colliders(skipped, knowledge)
}

abort_knowledge_collider <- function(made, call) {
  triple <- paste0(made$from[1], " *-> ", made$to[1], " <-* ", made$from[2])
  lbn_abort(c(paste0("The data and the background knowledge fit no ancestral graph: the ",
                     "knowledge makes {triple} a collider, but the tests separate ",
                     "{made$from[1]} and {made$from[2]} given a set with {made$to[1]}."),
              "i" = paste0("Remove the arcs into {made$to[1]} from the knowledge, or change ",
                           "{.arg alpha}.")),
            c("incompatible_knowledge", "constraints"), call = call)
}

abort_pag_rule <- function(step, knowledge, call) {
  lbn_abort(c(paste0("The data and the background knowledge fit no ancestral graph: ",
                     "{step$rule} makes the mark at {step$to} of {step$from} - {step$to} ",
                     "{ifelse(step$mark == 'arrowhead', 'an', 'a')} {step$mark}, which ",
                     "{knowledge_reason(knowledge, step$from, step$to)} rules out."),
              "i" = paste0("Remove that arc from the knowledge, or change {.arg alpha} or ",
                           "{.arg orientation} (the colliders the tests found lead there).")),
            c("incompatible_knowledge", "constraints"), call = call)
}

abort_blacklisted_arc <- function(index, nodes, call) {
  arc <- paste(nodes[index[1, 1]], "->", nodes[index[1, 2]])
  lbn_abort(c(paste0("The data and the background knowledge fit no ancestral graph: the ",
                     "orientation rules make {arc} an arc of every graph, and it is blacklisted."),
              "i" = paste0("With {.code selection_bias = TRUE} a blacklisted arc fixes no mark ",
                           "(a selection variable could explain a tail); with ",
                           "{.code selection_bias = FALSE} it fixes an arrowhead at its tail.")),
            c("incompatible_knowledge", "constraints"), call = call)
}

warn_skipped_colliders <- function(skipped, knowledge) {
  first <- skipped[c(TRUE, FALSE), , drop = FALSE]
  second <- skipped[c(FALSE, TRUE), , drop = FALSE]
  # Only a whitelisted arc out of the middle node fixes a mark there that is not an arrowhead.
  other <- ifelse(knowledge$required[cbind(first$to, first$from)], first$from, second$from)
  lines <- paste0(first$from, " *-> ", first$to, " <-* ", second$from, " (the whitelisted arc ",
                  first$to, " -> ", other, ")")
  shown <- gsub("([{}])", "\\1\\1", utils::head(lines, 5L))
  more <- if (length(lines) > 5L) paste0("... and ", length(lines) - 5L, " more.")
  lbn_warn(c("{length(lines)} collider{?s} left out: background knowledge fixes another mark.",
             stats::setNames(c(shown, more), rep("*", length(shown) + length(more))),
             "i" = "The knowledge is kept; see {.code info$conflicts}."),
           "conflict")
}
