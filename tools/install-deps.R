# Installs what learnbn needs to build, check and run: Debian's prebuilt r-cran-*
# packages through apt where we are root on Debian, CRAN for anything still missing.
# Every package DESCRIPTION names (Imports, LinkingTo, Suggests), read from it so the two
# cannot drift, and roxygen2 for the docs.
description_packages <- function(fields = c("Imports", "LinkingTo", "Suggests")) {
  entries <- read.dcf("DESCRIPTION", fields = fields)
  entries <- unlist(strsplit(entries[!is.na(entries)], ","))
  names <- trimws(sub("\\(.*", "", entries))
  base <- rownames(installed.packages(priority = "base"))
  setdiff(names[nzchar(names)], c(base, "R"))
}
needed <- c(description_packages(), "roxygen2")
missing_pkgs <- function() needed[!vapply(needed, requireNamespace, logical(1), quietly = TRUE)]

system_tools <- c(pandoc = "pandoc", qpdf = "qpdf", valgrind = "valgrind")
can_apt <- nzchar(Sys.which("apt-get")) && identical(unname(Sys.info()[["user"]]), "root")

apt_install <- function(pkgs) {
  if (!length(pkgs)) return(invisible())
  message("apt-get install ", paste(pkgs, collapse = " "))
  env <- "DEBIAN_FRONTEND=noninteractive"
  if (system2("apt-get", c("install", "-y", "-q", "--no-install-recommends", pkgs),
              env = env) != 0) {
    system2("apt-get", c("update", "-q"), env = env)
    system2("apt-get", c("install", "-y", "-q", "--no-install-recommends", pkgs), env = env)
  }
}

todo <- missing_pkgs()
tools_missing <- names(system_tools)[!nzchar(Sys.which(system_tools))]
if (can_apt && (length(todo) || length(tools_missing))) {
  apt_install(c(paste0("r-cran-", tolower(todo)), tools_missing))
  todo <- missing_pkgs()
}
if (length(todo)) {
  message("installing from CRAN: ", paste(todo, collapse = " "))
  utils::install.packages(todo, repos = getOption("repos"))
  todo <- missing_pkgs()
}
if (length(todo)) stop("could not install: ", paste(todo, collapse = ", "))
message("all dependencies present")
