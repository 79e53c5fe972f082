#!/usr/bin/env bash
# Private build for one developer: copies the tree to /tmp, installs it into a private
# library and runs the tests (optionally only those whose file name matches $2).
# Several people can run it at once without touching each other's builds.
#   tools/dev.sh NAME [FILTER]
set -eu
name=${1:?usage: tools/dev.sh NAME [FILTER]}
filter=${2:-}
top=$(cd "$(dirname "$0")/.." && pwd)
build=/tmp/lbn-build-$name
lib=/tmp/lbn-lib-$name
mkdir -p "$build" "$lib"
rsync -a --delete --exclude .git --exclude '*.o' --exclude '*.so' --exclude .headers "$top"/ "$build"/
cd "$build"
# Objects do not track the headers they include: rebuild all when any header changed
# (by content: rsync and git keep or reset times in ways a time check misses).
stamp=$(find inst/include src -name '*.h' -o -name '*.hpp' 2>/dev/null | sort | xargs md5sum | md5sum)
if [ "$stamp" != "$(cat src/.headers 2>/dev/null)" ]; then rm -f src/*.o src/*.so; echo "$stamp" > src/.headers; fi
Rscript -e 'Rcpp::compileAttributes(".")' >/dev/null
Rscript -e 'suppressPackageStartupMessages(roxygen2::roxygenise(load_code = "source"))' >/dev/null 2>roxygen.log || { cat roxygen.log; exit 1; }
R CMD INSTALL --no-test-load -l "$lib" . >install.log 2>&1 || { tail -40 install.log; exit 1; }
mkdir -p tests/testthat/_snaps
(cd tests/testthat/_snaps && find . -type f | sort | xargs -r md5sum | sort) > snaps.before
NOT_CRAN=true R_LIBS="$lib" Rscript -e "testthat::test_dir('tests/testthat', package = 'learnbn', load_package = 'installed', filter = if (nzchar('$filter')) '$filter' else NULL, stop_on_failure = FALSE)"
# Bring back the snapshots this run created or changed (only those: the source may have
# moved on while the tests ran).
if [ -d tests/testthat/_snaps ]; then
  mkdir -p "$top/tests/testthat/_snaps"
  (cd tests/testthat/_snaps && find . -type f | sort | xargs -r md5sum | sort) > snaps.after
  comm -13 snaps.before snaps.after | sed 's/^[0-9a-f]*  //' | while read -r f; do
    mkdir -p "$(dirname "$top/tests/testthat/_snaps/$f")"
    cp "tests/testthat/_snaps/$f" "$top/tests/testthat/_snaps/$f"
  done
fi
