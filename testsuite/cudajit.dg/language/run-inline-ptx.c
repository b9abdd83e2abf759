/* Inline PTX in kernels and device functions, with the C that the CPU
   backend runs instead: the GPU runs the asm, as the CUDA C keeps it, the
   CPU backend the else branch; both against plain C.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>

enum
{
  N = 1000,
  BLOCK = 96
};

/* The lane, as PTX's %laneid register has it.  */
__attribute__ ((cuda_device)) static int
lane (void)
{
  unsigned int l;
  if (cuda_on_gpu ())
    __asm__ volatile ("mov.u32 %0, %%laneid;" : "=r"(l));
  else
    l = cuda_laneid ();
  return l;
}

/* Defined after the kernel, which needs them: one static, one that the
   unit exports.  */
static unsigned int bit_reverse (unsigned int x);
__attribute__ ((cuda_device)) unsigned int population (unsigned int x);

__attribute__ ((cuda_jit)) void
ptx_kernel (int n, unsigned int sums[n], int lanes[n], long long wide[n],
            int on_gpu[n], unsigned int bits[n])
{
  int i = cuda_grid_x ();
  if (i >= n)
    return;
  unsigned int a = i * 2654435761u, b = i ^ 0x5bd1e995u, sum;
  long long w;
  if (cuda_on_gpu ())
    {
      /* A named operand, an immediate and a 64-bit register.  */
      __asm__ ("add.u32 %[sum], %1, %2;" : [sum] "=r"(sum) : "r"(a), "r"(b));
      __asm__ ("mul.wide.s32 %0, %1, %2;" : "=l"(w) : "r"(i), "n"(-3));
    }
  else
    {
      sum = a + b;
      w = (long long) i * -3;
    }
  sums[i] = sum;
  lanes[i] = lane ();
  wide[i] = w;
  on_gpu[i] = cuda_on_gpu ();
  bits[i] = bit_reverse (a) ^ population (b);
}

static unsigned int
bit_reverse (unsigned int x)
{
  unsigned int r;
  if (cuda_on_gpu ())
    __asm__ ("brev.b32 %0, %1;" : "=r"(r) : "r"(x));
  else
    r = cuda_brev (x);
  return r;
}

__attribute__ ((cuda_device)) unsigned int
population (unsigned int x)
{
  unsigned int n;
  if (cuda_on_gpu ())
    __asm__ ("popc.b32 %0, %1;" : "=r"(n) : "r"(x));
  else
    n = __builtin_popcount (x);
  return n;
}

/* Plain C's.  */
static unsigned int
reversed (unsigned int x)
{
  unsigned int r = 0;
  for (int k = 0; k < 32; k++)
    r |= (x >> k & 1) << (31 - k);
  return r;
}

int
main (void)
{
  unsigned int sums[N], bits[N];
  int lanes[N], on_gpu[N];
  long long wide[N];

  cuda_launch (ptx_kernel, (N + BLOCK - 1) / BLOCK, BLOCK) (N, sums, lanes,
                                                           wide, on_gpu, bits);
  int bad = 0, gpu = cuda_is_available ();
  for (int i = 0; i < N; i++)
    {
      unsigned int a = i * 2654435761u, b = i ^ 0x5bd1e995u;
      if (sums[i] != a + b || lanes[i] != i % BLOCK % 32
          || wide[i] != (long long) i * -3 || on_gpu[i] != gpu
          || bits[i] != (reversed (a) ^ (unsigned int) __builtin_popcount (b)))
        {
          if (bad++ < 5)
            printf ("thread %d: sum %u lane %d wide %lld on_gpu %d\n", i,
                    sums[i], lanes[i], wide[i], on_gpu[i]);
        }
    }
  printf ("inline PTX: %d wrong\n", bad);
  return bad != 0;
}

/* { dg-output "inline PTX: 0 wrong" } */
/* { dg-final { scan-cuda "asm volatile \\(\"mov.u32 %0, %%laneid;\" : \"=r\" \\(l\\) : \\);" } } */
/* { dg-final { scan-cuda "asm \\(\"add.u32 %0, %1, %2;\" : \"=r\" \\(sum\\) : \"r\" \\(a\\), \"r\" \\(b\\)\\);" } } */
/* { dg-cudajit-levels all } */
