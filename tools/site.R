# Builds the pkgdown website into docs/ (`make site`), offline: pkgdown's only network
# lookups (the CRAN/Bioconductor sidebar link and the release dates of the changelog) are
# turned off by the pkgdown.internet option. The installed learnbn is documented (so
# install first, as `make site` does), the examples are run and the articles rendered.
# The pages load Font Awesome, the search scripts and MathJax from public CDNs when
# viewed, as every pkgdown 2.0 site does: offline the pages render without icons, the
# "On this page" list and search.
if (!requireNamespace("pkgdown", quietly = TRUE)) {
  stop("make site needs pkgdown (>= 2.0): apt-get install r-cran-pkgdown, or ",
       "install.packages(\"pkgdown\")", call. = FALSE)
}
options(pkgdown.internet = FALSE)
pkgdown::check_pkgdown()
pkgdown::build_site(install = FALSE, new_process = FALSE, preview = FALSE)
