// SPDX-License-Identifier: GPL-3.0-or-later
// The installed headers compile as C++98 without a word from -pedantic:
// cxx.exp compiles this unit with -std=c++98 -Wall -Wextra -pedantic.
#include <cudajit.h>
#include <cudajit-random.h>

int
main ()
{
  cuda_xoroshiro128p_state_t state = { 1, 2 };
  return cuda_xoroshiro128p_uniform_float64 (&state, 0) >= 1.0;
}
