// The one translation unit of the package that compiles Eigen: the Gaussian numerics the
// core declares in Eigen-free headers (data/gaussian_stats.hpp, score/gaussian.hpp,
// citest/gaussian.hpp, citest/permutation.hpp). Eigen's headers are long to compile and
// make GCC warn at length (-Wignored-attributes on its SIMD types); kept here, they are
// compiled once rather than in every file that scores or tests.
#include <learnbn/citest/gaussian_eigen.hpp>
#include <learnbn/data/gaussian_stats_eigen.hpp>
#include <learnbn/score/gaussian_eigen.hpp>
