/* SPDX-License-Identifier: MIT */
/* SHA-256 (FIPS 180-4), for the names and the checksums of the disk
   cache's entries.  A cryptographic hash, because two kernels whose keys
   collided would run each other's code without a word.  */

#include "internal.h"

#include <string.h>

static const uint32_t round_constants[64] = {
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1,
  0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
  0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
  0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
  0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static uint32_t
rotr (uint32_t x, int n)
{
  return x >> n | x << (32 - n);
}

/* Fold the 64 bytes of BLOCK into SHA's state.  */
static void
compress (uint32_t state[8], const unsigned char *block)
{
  uint32_t w[64], s[8];

  for (int i = 0; i < 16; i++)
    w[i] = (uint32_t) block[4 * i] << 24 | (uint32_t) block[4 * i + 1] << 16
           | (uint32_t) block[4 * i + 2] << 8 | block[4 * i + 3];
  for (int i = 16; i < 64; i++)
    w[i] = w[i - 16]
           + (rotr (w[i - 15], 7) ^ rotr (w[i - 15], 18) ^ w[i - 15] >> 3)
           + w[i - 7]
           + (rotr (w[i - 2], 17) ^ rotr (w[i - 2], 19) ^ w[i - 2] >> 10);
  memcpy (s, state, sizeof s);
  for (int i = 0; i < 64; i++)
    {
      uint32_t t1 = s[7] + (rotr (s[4], 6) ^ rotr (s[4], 11) ^ rotr (s[4], 25))
                    + ((s[4] & s[5]) ^ (~s[4] & s[6])) + round_constants[i]
                    + w[i];
      uint32_t t2 = (rotr (s[0], 2) ^ rotr (s[0], 13) ^ rotr (s[0], 22))
                    + ((s[0] & s[1]) ^ (s[0] & s[2]) ^ (s[1] & s[2]));

      memmove (s + 1, s, 7 * sizeof *s);
      s[4] += t1;
      s[0] = t1 + t2;
    }
  for (int i = 0; i < 8; i++)
    state[i] += s[i];
}

void
cudajit_sha256_init (struct cudajit_sha256 *sha)
{
  static const uint32_t initial[8] = {
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
    0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  };

  memcpy (sha->state, initial, sizeof initial);
  sha->length = 0;
}

void
cudajit_sha256_update (struct cudajit_sha256 *sha, const void *data,
                       size_t size)
{
  const unsigned char *bytes = data;

  while (size)
    {
      size_t used = sha->length % 64, n = 64 - used < size ? 64 - used : size;

      memcpy (sha->block + used, bytes, n);
      sha->length += n;
      bytes += n;
      size -= n;
      if (used + n == 64)
        compress (sha->state, sha->block);
    }
}

void
cudajit_sha256_final (struct cudajit_sha256 *sha,
                      unsigned char digest[CUDAJIT_SHA256_SIZE])
{
  uint64_t bits = sha->length * 8;
  unsigned char length[8];

  /* A one bit, zeros up to 8 bytes short of a block, the length in bits.  */
  cudajit_sha256_update (sha, "\x80", 1);
  while (sha->length % 64 != 56)
    cudajit_sha256_update (sha, "", 1);
  for (int i = 0; i < 8; i++)
    length[i] = bits >> (56 - 8 * i);
  cudajit_sha256_update (sha, length, sizeof length);
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 4; j++)
      digest[4 * i + j] = sha->state[i] >> (24 - 8 * j);
}
