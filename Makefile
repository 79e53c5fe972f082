# make demo   installs what is missing, installs learnbn, learns the college-plans network
# make check  same set-up, then R CMD build + R CMD check (tests, examples, vignettes)
# make site   same set-up, then the pkgdown website in docs/, offline
R       ?= R
RSCRIPT ?= Rscript
PKG      = learnbn
VERSION := $(shell sed -n 's/^Version: //p' DESCRIPTION)
TARBALL  = $(PKG)_$(VERSION).tar.gz
# Compiling the package takes 4-5 CPU-minutes, and R CMD build installs it (for the
# vignettes) and R CMD check once more: each install compiles on JOBS cores (all of them
# unless set, e.g. `make check JOBS=1`).
JOBS    ?= $(shell nproc 2>/dev/null || echo 2)
PAR      = MAKEFLAGS=-j$(JOBS)

.PHONY: deps docs install demo build check test bench clean cpp-test valgrind sanitize site

deps:
	$(RSCRIPT) tools/install-deps.R

docs: deps
	$(RSCRIPT) -e 'Rcpp::compileAttributes(".")'
	$(RSCRIPT) -e 'roxygen2::roxygenise(load_code = "source")'

install: deps
	$(PAR) $(R) CMD INSTALL --preclean --strip .

demo: install
	$(RSCRIPT) tools/demo.R

build: deps
	rm -f $(TARBALL)
	$(PAR) $(R) CMD build .

check: build
	$(PAR) NOT_CRAN=true _R_CHECK_FORCE_SUGGESTS_=true $(R) CMD check --no-manual $(TARBALL)

test: install
	$(RSCRIPT) -e 'testthat::test_local(".", load_package = "installed")'

bench: install
	for f in bench/*.R; do $(RSCRIPT) $$f; done

clean:
	rm -rf $(PKG).Rcheck $(PKG)_*.tar.gz src/*.o src/*.so

# The pkgdown website in docs/ (not committed), built offline from the installed package.
site: install
	$(RSCRIPT) tools/site.R

# Development checks of the C++ core without R (the tests of tests/testthat/cpp/, which
# testthat also runs through Rcpp::sourceCpp), under valgrind, and of the whole package
# built with AddressSanitizer and UndefinedBehaviorSanitizer. Binaries go to $(CORE_BIN).
# The sanitized package runs the test files matching SAN_TESTS (a regular expression on the
# names between "test-" and ".R"), chosen to reach the core broadly in a few minutes: data
# and counting, scores and structure priors, CI tests (mixed too), pc, hill-climbing, GES,
# exact search, Gaussian and mixed data, missing data, inference (the junction tree), BOSS,
# GRaSP and local discovery.
# SAN_TESTS=. runs the whole suite.
CXX      ?= g++
EIGEN    = $(shell $(RSCRIPT) -e 'cat(system.file("include", package = "RcppEigen"))')
CORE_BIN ?= $(or $(TMPDIR),/tmp)/learnbn-core-tests$(subst /,-,$(CURDIR))
CORE     = $(CXX) -std=c++17 -g -fopenmp -Wno-ignored-attributes -DLEARNBN_STANDALONE -Iinst/include -I$(EIGEN) tests/testthat/cpp/core_tests.cpp
SAN      = -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
SAN_TESTS ?= ^(data.*|score.*|citest.*|pc|hill-climb|ges|exact|gaussian|missing-.*|structural-em|fit-query|fit-marginals|fit-mixed|boss|grasp|mmpc|gs)$$

cpp-test:
	$(CORE) -O2 -o $(CORE_BIN) && $(CORE_BIN)

# libgomp's pool threads outlive main(), so their thread-local blocks show as "possibly
# lost": only definite and indirect leaks count as errors. LEARNBN_NO_AVX: valgrind cannot
# decode some of the AVX code X2's lanes compile to (the sanitizers run it natively).
valgrind:
	$(CORE) -O1 -DLEARNBN_NO_AVX -o $(CORE_BIN) && valgrind --error-exitcode=1 --leak-check=full \
	  --errors-for-leak-kinds=definite,indirect $(CORE_BIN)

sanitize: deps
	$(CORE) -O1 $(SAN) -o $(CORE_BIN)-san && $(CORE_BIN)-san
	rm -rf /tmp/learnbn-san && mkdir -p /tmp/learnbn-san
	printf 'CXXFLAGS = -g -O1 $(SAN)\nCXX17FLAGS = -g -O1 $(SAN)\nLDFLAGS = $(SAN)\n' > /tmp/learnbn-san/Makevars
	$(PAR) R_MAKEVARS_USER=/tmp/learnbn-san/Makevars $(R) CMD INSTALL --preclean --no-test-load -l /tmp/learnbn-san .
	LD_PRELOAD=$$($(CXX) -print-file-name=libasan.so) ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=print_stacktrace=1 \
	  R_LIBS=/tmp/learnbn-san NOT_CRAN=true $(RSCRIPT) -e 'testthat::test_dir("tests/testthat", filter = "$(SAN_TESTS)", package = "learnbn", load_package = "installed", stop_on_failure = TRUE)'
	rm -f src/*.o src/*.so
