/* Every function of the device API (plugin/device-api.def) is an error
   at compile time in a function that never runs in a kernel, on the
   line of the call, as CUDA's __device__ functions are in host code.
   The table at the end names a function here for each row: a row added
   without its call here fails this test.  */

/* { dg-do compile } */

#include <cudajit.h>

unsigned int u;
int i;
float f;
double d;
unsigned long long ull;

void host_GRID_X (void) { i = cuda_grid_x (); } /* { dg-error "'cuda_grid_x' used outside a kernel: 'host_GRID_X' is neither a kernel nor a device function" } */
void host_GRID_Y (void) { i = cuda_grid_y (); } /* { dg-error "'cuda_grid_y' used outside a kernel" } */
void host_GRID_Z (void) { i = cuda_grid_z (); } /* { dg-error "'cuda_grid_z' used outside a kernel" } */
void host_GRIDSIZE_X (void) { i = cuda_gridsize_x (); } /* { dg-error "'cuda_gridsize_x' used outside a kernel" } */
void host_GRIDSIZE_Y (void) { i = cuda_gridsize_y (); } /* { dg-error "'cuda_gridsize_y' used outside a kernel" } */
void host_GRIDSIZE_Z (void) { i = cuda_gridsize_z (); } /* { dg-error "'cuda_gridsize_z' used outside a kernel" } */
void host_SYNCTHREADS (void) { cuda_syncthreads (); } /* { dg-error "'cuda_syncthreads' used outside a kernel" } */
void host_SYNCTHREADS_COUNT (void) { i = cuda_syncthreads_count (1); } /* { dg-error "'cuda_syncthreads_count' used outside a kernel" } */
void host_SYNCTHREADS_AND (void) { i = cuda_syncthreads_and (1); } /* { dg-error "'cuda_syncthreads_and' used outside a kernel" } */
void host_SYNCTHREADS_OR (void) { i = cuda_syncthreads_or (1); } /* { dg-error "'cuda_syncthreads_or' used outside a kernel" } */
void host_GRID_SYNC (void) { cuda_grid_sync (); } /* { dg-error "'cuda_grid_sync' used outside a kernel" } */
void host_THREADFENCE (void) { cuda_threadfence (); } /* { dg-error "'cuda_threadfence' used outside a kernel" } */
void host_THREADFENCE_BLOCK (void) { cuda_threadfence_block (); } /* { dg-error "'cuda_threadfence_block' used outside a kernel" } */
void host_THREADFENCE_SYSTEM (void) { cuda_threadfence_system (); } /* { dg-error "'cuda_threadfence_system' used outside a kernel" } */
void host_BALLOT_SYNC (void) { u = cuda_ballot_sync (~0u, 1); } /* { dg-error "'cuda_ballot_sync' used outside a kernel" } */
void host_ALL_SYNC (void) { i = cuda_all_sync (~0u, 1); } /* { dg-error "'cuda_all_sync' used outside a kernel" } */
void host_ANY_SYNC (void) { i = cuda_any_sync (~0u, 1); } /* { dg-error "'cuda_any_sync' used outside a kernel" } */
void host_EQ_SYNC (void) { i = cuda_eq_sync (~0u, 1); } /* { dg-error "'cuda_eq_sync' used outside a kernel" } */
void host_SYNCWARP (void) { cuda_syncwarp (~0u); } /* { dg-error "'cuda_syncwarp' used outside a kernel" } */
void host_SHFL_SYNC (void) { f = cuda_shfl_sync (~0u, f, 1); } /* { dg-error "'cuda_shfl_sync' used outside a kernel" } */
void host_SHFL_UP_SYNC (void) { d = cuda_shfl_up_sync (~0u, d, 1); } /* { dg-error "'cuda_shfl_up_sync' used outside a kernel" } */
void host_SHFL_DOWN_SYNC (void) { i = cuda_shfl_down_sync (~0u, i, 1, 16); } /* { dg-error "'cuda_shfl_down_sync' used outside a kernel" } */
void host_SHFL_XOR_SYNC (void) { ull = cuda_shfl_xor_sync (~0u, ull, 1); } /* { dg-error "'cuda_shfl_xor_sync' used outside a kernel" } */
void host_MATCH_ANY_SYNC (void) { u = cuda_match_any_sync (~0u, i); } /* { dg-error "'cuda_match_any_sync' used outside a kernel" } */
void host_MATCH_ALL_SYNC (void) { u = cuda_match_all_sync (~0u, f, &i); } /* { dg-error "'cuda_match_all_sync' used outside a kernel" } */
void host_ACTIVEMASK (void) { u = cuda_activemask (); } /* { dg-error "'cuda_activemask' used outside a kernel" } */
void host_LANEID (void) { i = cuda_laneid (); } /* { dg-error "'cuda_laneid' used outside a kernel" } */
void host_LANEMASK_LT (void) { u = cuda_lanemask_lt (); } /* { dg-error "'cuda_lanemask_lt' used outside a kernel" } */
void host_ATOMIC_ADD (void) { f = cuda_atomic_add (&f, 1.0f); } /* { dg-error "'cuda_atomic_add' used outside a kernel" } */
void host_ATOMIC_SUB (void) { i = cuda_atomic_sub (&i, 1); } /* { dg-error "'cuda_atomic_sub' used outside a kernel" } */
void host_ATOMIC_MAX (void) { d = cuda_atomic_max (&d, 1.0); } /* { dg-error "'cuda_atomic_max' used outside a kernel" } */
void host_ATOMIC_MIN (void) { u = cuda_atomic_min (&u, 1u); } /* { dg-error "'cuda_atomic_min' used outside a kernel" } */
void host_ATOMIC_EXCH (void) { ull = cuda_atomic_exch (&ull, 1ull); } /* { dg-error "'cuda_atomic_exch' used outside a kernel" } */
void host_ATOMIC_CAS (void) { i = cuda_atomic_cas (&i, 0, 1); } /* { dg-error "'cuda_atomic_cas' used outside a kernel" } */
void host_ATOMIC_AND (void) { u = cuda_atomic_and (&u, 1u); } /* { dg-error "'cuda_atomic_and' used outside a kernel" } */
void host_ATOMIC_OR (void) { i = cuda_atomic_or (&i, 1); } /* { dg-error "'cuda_atomic_or' used outside a kernel" } */
void host_ATOMIC_XOR (void) { ull = cuda_atomic_xor (&ull, 1ull); } /* { dg-error "'cuda_atomic_xor' used outside a kernel" } */
void host_ATOMIC_INC (void) { u = cuda_atomic_inc (&u, 10u); } /* { dg-error "'cuda_atomic_inc' used outside a kernel" } */
void host_ATOMIC_DEC (void) { ull = cuda_atomic_dec (&ull, 10ull); } /* { dg-error "'cuda_atomic_dec' used outside a kernel" } */

/* A function that may be a device function (static, or marked
   cuda_device) may call them all: it runs in a kernel.  */
__attribute__ ((cuda_device)) unsigned int
device (unsigned int *p)
{
  return cuda_shfl_sync (~0u, *p, 0) + cuda_atomic_add (p, 1u);
}

void (*const every_row[]) (void) = {
#define DEF_DEVICE_API(id, name, cuda, kind, where, cpu, types) host_##id,
#include "../../plugin/device-api.def"
};
