// The one translation unit of the package that compiles Boost.Math's gamma functions: the
// chi-square tail of citest/spec.hpp. Boost's special functions instantiate themselves
// (with static initialisers) in every file that includes them, which put a copy of them,
// and of their debug information, in each of the glue files.
#include <learnbn/citest/spec_boost.hpp>
