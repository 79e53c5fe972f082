# make demo   installs what is missing, installs learnbn, learns the college-plans network
# make check  same set-up, then R CMD build + R CMD check (tests, examples, vignettes)
R       ?= R
RSCRIPT ?= Rscript
PKG      = learnbn
VERSION := $(shell sed -n 's/^Version: //p' DESCRIPTION)
TARBALL  = $(PKG)_$(VERSION).tar.gz

.PHONY: deps docs install demo build check test bench clean

deps:
	$(RSCRIPT) tools/install-deps.R

docs: deps
	$(RSCRIPT) -e 'Rcpp::compileAttributes(".")'
	$(RSCRIPT) -e 'roxygen2::roxygenise(load_code = "source")'

install: deps
	$(R) CMD INSTALL --preclean .

demo: install
	$(RSCRIPT) tools/demo.R

build: deps
	rm -f $(TARBALL)
	$(R) CMD build .

check: build
	NOT_CRAN=true _R_CHECK_FORCE_SUGGESTS_=true $(R) CMD check --no-manual $(TARBALL)

test: install
	$(RSCRIPT) -e 'testthat::test_local(".", load_package = "installed")'

bench: install
	for f in bench/*.R; do $(RSCRIPT) $$f; done

clean:
	rm -rf $(PKG).Rcheck $(PKG)_*.tar.gz src/*.o src/*.so
