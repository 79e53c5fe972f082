// Included first by the generated RcppExports.cpp. With RcppEigen in LinkingTo,
// Rcpp::compileAttributes() also includes <RcppEigen.h> there, though no exported
// function takes or returns an Eigen type; defining RcppEigen.h's include guard keeps all
// of Eigen out of that file, which then compiles in seconds and without Eigen's
// -Wignored-attributes warnings. Eigen is compiled in src/gaussian-eigen.cpp alone. Remove
// this define if an export ever takes an Eigen type.
#define RcppEigen__RcppEigen__h
