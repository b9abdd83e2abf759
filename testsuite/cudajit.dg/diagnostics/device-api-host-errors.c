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
long l;
long long ll;

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
void host_ON_GPU (void) { i = cuda_on_gpu (); } /* { dg-error "'cuda_on_gpu' used outside a kernel" } */
void host_TRAP (void) { cuda_trap (); } /* { dg-error "'cuda_trap' used outside a kernel" } */
void host_MEMCPY_ASYNC (void) { cuda_memcpy_async (&i, &i, 4); } /* { dg-error "'cuda_memcpy_async' used outside a kernel" } */
void host_PIPELINE_COMMIT (void) { cuda_pipeline_commit (); } /* { dg-error "'cuda_pipeline_commit' used outside a kernel" } */
void host_PIPELINE_WAIT (void) { cuda_pipeline_wait (0); } /* { dg-error "'cuda_pipeline_wait' used outside a kernel" } */
void host_WARP_REDUCE (void) { i = cuda_warp_reduce (i, CUDA_ADD); } /* { dg-error "'cuda_warp_reduce' used outside a kernel" } */
void host_WARP_SCAN_INCLUSIVE (void) { f = cuda_warp_scan_inclusive (f, CUDA_MAX); } /* { dg-error "'cuda_warp_scan_inclusive' used outside a kernel" } */
void host_WARP_SCAN_EXCLUSIVE (void) { ll = cuda_warp_scan_exclusive (ll, CUDA_XOR); } /* { dg-error "'cuda_warp_scan_exclusive' used outside a kernel" } */
void host_BLOCK_REDUCE (void) { d = cuda_block_reduce (d, CUDA_MIN); } /* { dg-error "'cuda_block_reduce' used outside a kernel" } */
void host_BLOCK_SCAN_INCLUSIVE (void) { u = cuda_block_scan_inclusive (u, CUDA_OR); } /* { dg-error "'cuda_block_scan_inclusive' used outside a kernel" } */
void host_BLOCK_SCAN_EXCLUSIVE (void) { l = cuda_block_scan_exclusive (l, CUDA_AND); } /* { dg-error "'cuda_block_scan_exclusive' used outside a kernel" } */
void host_REDUCE_ADD_SYNC (void) { i = cuda_reduce_add_sync (~0u, i); } /* { dg-error "'cuda_reduce_add_sync' used outside a kernel" } */
void host_REDUCE_MIN_SYNC (void) { u = cuda_reduce_min_sync (~0u, u); } /* { dg-error "'cuda_reduce_min_sync' used outside a kernel" } */
void host_REDUCE_MAX_SYNC (void) { i = cuda_reduce_max_sync (~0u, i); } /* { dg-error "'cuda_reduce_max_sync' used outside a kernel" } */
void host_REDUCE_AND_SYNC (void) { u = cuda_reduce_and_sync (~0u, u); } /* { dg-error "'cuda_reduce_and_sync' used outside a kernel" } */
void host_REDUCE_OR_SYNC (void) { i = cuda_reduce_or_sync (~0u, i); } /* { dg-error "'cuda_reduce_or_sync' used outside a kernel" } */
void host_REDUCE_XOR_SYNC (void) { u = cuda_reduce_xor_sync (~0u, u); } /* { dg-error "'cuda_reduce_xor_sync' used outside a kernel" } */
void host_TILED_PARTITION (void) { u = cuda_tiled_partition (4); } /* { dg-error "'cuda_tiled_partition' used outside a kernel" } */
void host_COALESCED_THREADS (void) { u = cuda_coalesced_threads (); } /* { dg-error "'cuda_coalesced_threads' used outside a kernel" } */
void host_TILE_SIZE (void) { u = cuda_tile_size (u); } /* { dg-error "'cuda_tile_size' used outside a kernel" } */
void host_TILE_RANK (void) { u = cuda_tile_rank (u); } /* { dg-error "'cuda_tile_rank' used outside a kernel" } */
void host_TILE_SYNC (void) { cuda_tile_sync (u); } /* { dg-error "'cuda_tile_sync' used outside a kernel" } */
void host_TILE_SHFL (void) { i = cuda_tile_shfl (u, i, 0); } /* { dg-error "'cuda_tile_shfl' used outside a kernel" } */
void host_TILE_SHFL_DOWN (void) { d = cuda_tile_shfl_down (u, d, 1); } /* { dg-error "'cuda_tile_shfl_down' used outside a kernel" } */
void host_TILE_SHFL_XOR (void) { ll = cuda_tile_shfl_xor (u, ll, 1); } /* { dg-error "'cuda_tile_shfl_xor' used outside a kernel" } */
void host_TILE_BALLOT (void) { u = cuda_tile_ballot (u, i); } /* { dg-error "'cuda_tile_ballot' used outside a kernel" } */
void host_TILE_REDUCE (void) { f = cuda_tile_reduce (u, f, CUDA_MIN); } /* { dg-error "'cuda_tile_reduce' used outside a kernel" } */
void host_ATOMIC_ADD (void) { f = cuda_atomic_add (&f, 1.0f); } /* { dg-error "'cuda_atomic_add' used outside a kernel" } */
void host_ATOMIC_ADD_BLOCK (void) { i = cuda_atomic_add_block (&i, 1); } /* { dg-error "'cuda_atomic_add_block' used outside a kernel" } */
void host_ATOMIC_ADD_SYSTEM (void) { d = cuda_atomic_add_system (&d, 1); } /* { dg-error "'cuda_atomic_add_system' used outside a kernel" } */
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
void host_ATOMIC_SUB_BLOCK (void) { i = cuda_atomic_sub_block (&i, 1); } /* { dg-error "'cuda_atomic_sub_block' used outside a kernel" } */
void host_ATOMIC_SUB_SYSTEM (void) { i = cuda_atomic_sub_system (&i, 1); } /* { dg-error "'cuda_atomic_sub_system' used outside a kernel" } */
void host_ATOMIC_MAX_BLOCK (void) { d = cuda_atomic_max_block (&d, 1.0); } /* { dg-error "'cuda_atomic_max_block' used outside a kernel" } */
void host_ATOMIC_MAX_SYSTEM (void) { d = cuda_atomic_max_system (&d, 1.0); } /* { dg-error "'cuda_atomic_max_system' used outside a kernel" } */
void host_ATOMIC_MIN_BLOCK (void) { u = cuda_atomic_min_block (&u, 1u); } /* { dg-error "'cuda_atomic_min_block' used outside a kernel" } */
void host_ATOMIC_MIN_SYSTEM (void) { u = cuda_atomic_min_system (&u, 1u); } /* { dg-error "'cuda_atomic_min_system' used outside a kernel" } */
void host_ATOMIC_EXCH_BLOCK (void) { f = cuda_atomic_exch_block (&f, 1.0f); } /* { dg-error "'cuda_atomic_exch_block' used outside a kernel" } */
void host_ATOMIC_EXCH_SYSTEM (void) { f = cuda_atomic_exch_system (&f, 1.0f); } /* { dg-error "'cuda_atomic_exch_system' used outside a kernel" } */
void host_ATOMIC_CAS_BLOCK (void) { l = cuda_atomic_cas_block (&l, 0, 1); } /* { dg-error "'cuda_atomic_cas_block' used outside a kernel" } */
void host_ATOMIC_CAS_SYSTEM (void) { l = cuda_atomic_cas_system (&l, 0, 1); } /* { dg-error "'cuda_atomic_cas_system' used outside a kernel" } */
void host_ATOMIC_AND_BLOCK (void) { u = cuda_atomic_and_block (&u, 1u); } /* { dg-error "'cuda_atomic_and_block' used outside a kernel" } */
void host_ATOMIC_AND_SYSTEM (void) { u = cuda_atomic_and_system (&u, 1u); } /* { dg-error "'cuda_atomic_and_system' used outside a kernel" } */
void host_ATOMIC_OR_BLOCK (void) { ll = cuda_atomic_or_block (&ll, 1); } /* { dg-error "'cuda_atomic_or_block' used outside a kernel" } */
void host_ATOMIC_OR_SYSTEM (void) { ll = cuda_atomic_or_system (&ll, 1); } /* { dg-error "'cuda_atomic_or_system' used outside a kernel" } */
void host_ATOMIC_XOR_BLOCK (void) { ull = cuda_atomic_xor_block (&ull, 1ull); } /* { dg-error "'cuda_atomic_xor_block' used outside a kernel" } */
void host_ATOMIC_XOR_SYSTEM (void) { ull = cuda_atomic_xor_system (&ull, 1ull); } /* { dg-error "'cuda_atomic_xor_system' used outside a kernel" } */
void host_ATOMIC_INC_BLOCK (void) { u = cuda_atomic_inc_block (&u, 10u); } /* { dg-error "'cuda_atomic_inc_block' used outside a kernel" } */
void host_ATOMIC_INC_SYSTEM (void) { u = cuda_atomic_inc_system (&u, 10u); } /* { dg-error "'cuda_atomic_inc_system' used outside a kernel" } */
void host_ATOMIC_DEC_BLOCK (void) { ull = cuda_atomic_dec_block (&ull, 10ull); } /* { dg-error "'cuda_atomic_dec_block' used outside a kernel" } */
void host_ATOMIC_DEC_SYSTEM (void) { ull = cuda_atomic_dec_system (&ull, 10ull); } /* { dg-error "'cuda_atomic_dec_system' used outside a kernel" } */
void host_RSQRT (void) { d = cuda_rsqrt (d); } /* { dg-error "'cuda_rsqrt' used outside a kernel" } */
void host_RSQRTF (void) { f = cuda_rsqrtf (f); } /* { dg-error "'cuda_rsqrtf' used outside a kernel" } */
void host_RCBRT (void) { d = cuda_rcbrt (d); } /* { dg-error "'cuda_rcbrt' used outside a kernel" } */
void host_RCBRTF (void) { f = cuda_rcbrtf (f); } /* { dg-error "'cuda_rcbrtf' used outside a kernel" } */
void host_SINPI (void) { d = cuda_sinpi (d); } /* { dg-error "'cuda_sinpi' used outside a kernel" } */
void host_SINPIF (void) { f = cuda_sinpif (f); } /* { dg-error "'cuda_sinpif' used outside a kernel" } */
void host_COSPI (void) { d = cuda_cospi (d); } /* { dg-error "'cuda_cospi' used outside a kernel" } */
void host_COSPIF (void) { f = cuda_cospif (f); } /* { dg-error "'cuda_cospif' used outside a kernel" } */
void host_SINCOSPI (void) { cuda_sincospi (d, &d, &d); } /* { dg-error "'cuda_sincospi' used outside a kernel" } */
void host_SINCOSPIF (void) { cuda_sincospif (f, &f, &f); } /* { dg-error "'cuda_sincospif' used outside a kernel" } */
void host_NORMCDF (void) { d = cuda_normcdf (d); } /* { dg-error "'cuda_normcdf' used outside a kernel" } */
void host_NORMCDFF (void) { f = cuda_normcdff (f); } /* { dg-error "'cuda_normcdff' used outside a kernel" } */
void host_NORMCDFINV (void) { d = cuda_normcdfinv (d); } /* { dg-error "'cuda_normcdfinv' used outside a kernel" } */
void host_NORMCDFINVF (void) { f = cuda_normcdfinvf (f); } /* { dg-error "'cuda_normcdfinvf' used outside a kernel" } */
void host_ERFINV (void) { d = cuda_erfinv (d); } /* { dg-error "'cuda_erfinv' used outside a kernel" } */
void host_ERFINVF (void) { f = cuda_erfinvf (f); } /* { dg-error "'cuda_erfinvf' used outside a kernel" } */
void host_ERFCINV (void) { d = cuda_erfcinv (d); } /* { dg-error "'cuda_erfcinv' used outside a kernel" } */
void host_ERFCINVF (void) { f = cuda_erfcinvf (f); } /* { dg-error "'cuda_erfcinvf' used outside a kernel" } */
void host_ERFCX (void) { d = cuda_erfcx (d); } /* { dg-error "'cuda_erfcx' used outside a kernel" } */
void host_ERFCXF (void) { f = cuda_erfcxf (f); } /* { dg-error "'cuda_erfcxf' used outside a kernel" } */
void host_CYL_BESSEL_I0 (void) { d = cuda_cyl_bessel_i0 (d); } /* { dg-error "'cuda_cyl_bessel_i0' used outside a kernel" } */
void host_CYL_BESSEL_I0F (void) { f = cuda_cyl_bessel_i0f (f); } /* { dg-error "'cuda_cyl_bessel_i0f' used outside a kernel" } */
void host_CYL_BESSEL_I1 (void) { d = cuda_cyl_bessel_i1 (d); } /* { dg-error "'cuda_cyl_bessel_i1' used outside a kernel" } */
void host_CYL_BESSEL_I1F (void) { f = cuda_cyl_bessel_i1f (f); } /* { dg-error "'cuda_cyl_bessel_i1f' used outside a kernel" } */
void host_SATURATEF (void) { f = cuda_saturatef (f); } /* { dg-error "'cuda_saturatef' used outside a kernel" } */
#ifdef __FLT16_MAX__
_Float16 h;
void host_HRCP (void) { h = cuda_hrcp (h); } /* { dg-error "'cuda_hrcp' used outside a kernel" "" { target float16 } } */
void host_HRSQRT (void) { h = cuda_hrsqrt (h); } /* { dg-error "'cuda_hrsqrt' used outside a kernel" "" { target float16 } } */
void host_HEXP (void) { h = cuda_hexp (h); } /* { dg-error "'cuda_hexp' used outside a kernel" "" { target float16 } } */
void host_HLOG (void) { h = cuda_hlog (h); } /* { dg-error "'cuda_hlog' used outside a kernel" "" { target float16 } } */
void host_HSIN (void) { h = cuda_hsin (h); } /* { dg-error "'cuda_hsin' used outside a kernel" "" { target float16 } } */
void host_HCOS (void) { h = cuda_hcos (h); } /* { dg-error "'cuda_hcos' used outside a kernel" "" { target float16 } } */
void host_HSQRT (void) { h = cuda_hsqrt (h); } /* { dg-error "'cuda_hsqrt' used outside a kernel" "" { target float16 } } */
void host_HEXP2 (void) { h = cuda_hexp2 (h); } /* { dg-error "'cuda_hexp2' used outside a kernel" "" { target float16 } } */
void host_HEXP10 (void) { h = cuda_hexp10 (h); } /* { dg-error "'cuda_hexp10' used outside a kernel" "" { target float16 } } */
void host_HLOG2 (void) { h = cuda_hlog2 (h); } /* { dg-error "'cuda_hlog2' used outside a kernel" "" { target float16 } } */
void host_HLOG10 (void) { h = cuda_hlog10 (h); } /* { dg-error "'cuda_hlog10' used outside a kernel" "" { target float16 } } */
void host_HFLOOR (void) { h = cuda_hfloor (h); } /* { dg-error "'cuda_hfloor' used outside a kernel" "" { target float16 } } */
void host_HCEIL (void) { h = cuda_hceil (h); } /* { dg-error "'cuda_hceil' used outside a kernel" "" { target float16 } } */
void host_HTRUNC (void) { h = cuda_htrunc (h); } /* { dg-error "'cuda_htrunc' used outside a kernel" "" { target float16 } } */
void host_HRINT (void) { h = cuda_hrint (h); } /* { dg-error "'cuda_hrint' used outside a kernel" "" { target float16 } } */
void host_HFMA (void) { h = cuda_hfma (h, h, h); } /* { dg-error "'cuda_hfma' used outside a kernel" "" { target float16 } } */
#else
/* GCC 11 has no _Float16 on x86-64, nor cudajit.h these functions.  */
void host_HRCP (void) {}
void host_HRSQRT (void) {}
void host_HEXP (void) {}
void host_HLOG (void) {}
void host_HSIN (void) {}
void host_HCOS (void) {}
void host_HSQRT (void) {}
void host_HEXP2 (void) {}
void host_HEXP10 (void) {}
void host_HLOG2 (void) {}
void host_HLOG10 (void) {}
void host_HFLOOR (void) {}
void host_HCEIL (void) {}
void host_HTRUNC (void) {}
void host_HRINT (void) {}
void host_HFMA (void) {}
#endif
void host_FAST_EXPF (void) { f = cuda_fast_expf (f); } /* { dg-error "'cuda_fast_expf' used outside a kernel" } */
void host_FAST_EXP10F (void) { f = cuda_fast_exp10f (f); } /* { dg-error "'cuda_fast_exp10f' used outside a kernel" } */
void host_FAST_LOGF (void) { f = cuda_fast_logf (f); } /* { dg-error "'cuda_fast_logf' used outside a kernel" } */
void host_FAST_LOG2F (void) { f = cuda_fast_log2f (f); } /* { dg-error "'cuda_fast_log2f' used outside a kernel" } */
void host_FAST_LOG10F (void) { f = cuda_fast_log10f (f); } /* { dg-error "'cuda_fast_log10f' used outside a kernel" } */
void host_FAST_SINF (void) { f = cuda_fast_sinf (f); } /* { dg-error "'cuda_fast_sinf' used outside a kernel" } */
void host_FAST_COSF (void) { f = cuda_fast_cosf (f); } /* { dg-error "'cuda_fast_cosf' used outside a kernel" } */
void host_FAST_TANF (void) { f = cuda_fast_tanf (f); } /* { dg-error "'cuda_fast_tanf' used outside a kernel" } */
void host_FAST_SINCOSF (void) { cuda_fast_sincosf (f, &f, &f); } /* { dg-error "'cuda_fast_sincosf' used outside a kernel" } */
void host_FAST_POWF (void) { f = cuda_fast_powf (f, f); } /* { dg-error "'cuda_fast_powf' used outside a kernel" } */
void host_FAST_FDIVIDEF (void) { f = cuda_fast_fdividef (f, f); } /* { dg-error "'cuda_fast_fdividef' used outside a kernel" } */
void host_MULHI (void) { i = cuda_mulhi (i, i); } /* { dg-error "'cuda_mulhi' used outside a kernel" } */
void host_UMULHI (void) { u = cuda_umulhi (u, u); } /* { dg-error "'cuda_umulhi' used outside a kernel" } */
void host_MUL64HI (void) { ll = cuda_mul64hi (ll, ll); } /* { dg-error "'cuda_mul64hi' used outside a kernel" } */
void host_UMUL64HI (void) { ull = cuda_umul64hi (ull, ull); } /* { dg-error "'cuda_umul64hi' used outside a kernel" } */
void host_MUL24 (void) { i = cuda_mul24 (i, i); } /* { dg-error "'cuda_mul24' used outside a kernel" } */
void host_UMUL24 (void) { u = cuda_umul24 (u, u); } /* { dg-error "'cuda_umul24' used outside a kernel" } */
void host_SAD (void) { u = cuda_sad (i, i, u); } /* { dg-error "'cuda_sad' used outside a kernel" } */
void host_USAD (void) { u = cuda_usad (u, u, u); } /* { dg-error "'cuda_usad' used outside a kernel" } */
void host_BYTE_PERM (void) { u = cuda_byte_perm (u, u, u); } /* { dg-error "'cuda_byte_perm' used outside a kernel" } */
void host_BREV (void) { u = cuda_brev (u); } /* { dg-error "'cuda_brev' used outside a kernel" } */
void host_BREVLL (void) { ull = cuda_brevll (ull); } /* { dg-error "'cuda_brevll' used outside a kernel" } */
void host_CLOCK (void) { l = cuda_clock (); } /* { dg-error "'cuda_clock' used outside a kernel" } */
void host_CLOCK64 (void) { ll = cuda_clock64 (); } /* { dg-error "'cuda_clock64' used outside a kernel" } */
void host_GLOBALTIMER (void) { ull = cuda_globaltimer (); } /* { dg-error "'cuda_globaltimer' used outside a kernel" } */
void host_NANOSLEEP (void) { cuda_nanosleep (u); } /* { dg-error "'cuda_nanosleep' used outside a kernel" } */
void host_LDG (void) { i = cuda_ldg (&i); } /* { dg-error "'cuda_ldg' used outside a kernel" } */
void host_LDCA (void) { f = cuda_ldca (&f); } /* { dg-error "'cuda_ldca' used outside a kernel" } */
void host_LDCG (void) { d = cuda_ldcg (&d); } /* { dg-error "'cuda_ldcg' used outside a kernel" } */
void host_LDCS (void) { u = cuda_ldcs (&u); } /* { dg-error "'cuda_ldcs' used outside a kernel" } */
void host_LDLU (void) { ull = cuda_ldlu (&ull); } /* { dg-error "'cuda_ldlu' used outside a kernel" } */
void host_LDCV (void) { ll = cuda_ldcv (&ll); } /* { dg-error "'cuda_ldcv' used outside a kernel" } */
void host_STWB (void) { cuda_stwb (&i, i); } /* { dg-error "'cuda_stwb' used outside a kernel" } */
void host_STCG (void) { cuda_stcg (&f, f); } /* { dg-error "'cuda_stcg' used outside a kernel" } */
void host_STCS (void) { cuda_stcs (&d, d); } /* { dg-error "'cuda_stcs' used outside a kernel" } */
void host_STWT (void) { cuda_stwt (&ull, ull); } /* { dg-error "'cuda_stwt' used outside a kernel" } */
void host_FADD_RN (void) { f = cuda_fadd_rn (f, f); } /* { dg-error "'cuda_fadd_rn' used outside a kernel" } */
void host_FADD_RZ (void) { f = cuda_fadd_rz (f, f); } /* { dg-error "'cuda_fadd_rz' used outside a kernel" } */
void host_FADD_RU (void) { f = cuda_fadd_ru (f, f); } /* { dg-error "'cuda_fadd_ru' used outside a kernel" } */
void host_FADD_RD (void) { f = cuda_fadd_rd (f, f); } /* { dg-error "'cuda_fadd_rd' used outside a kernel" } */
void host_FSUB_RN (void) { f = cuda_fsub_rn (f, f); } /* { dg-error "'cuda_fsub_rn' used outside a kernel" } */
void host_FSUB_RZ (void) { f = cuda_fsub_rz (f, f); } /* { dg-error "'cuda_fsub_rz' used outside a kernel" } */
void host_FSUB_RU (void) { f = cuda_fsub_ru (f, f); } /* { dg-error "'cuda_fsub_ru' used outside a kernel" } */
void host_FSUB_RD (void) { f = cuda_fsub_rd (f, f); } /* { dg-error "'cuda_fsub_rd' used outside a kernel" } */
void host_FMUL_RN (void) { f = cuda_fmul_rn (f, f); } /* { dg-error "'cuda_fmul_rn' used outside a kernel" } */
void host_FMUL_RZ (void) { f = cuda_fmul_rz (f, f); } /* { dg-error "'cuda_fmul_rz' used outside a kernel" } */
void host_FMUL_RU (void) { f = cuda_fmul_ru (f, f); } /* { dg-error "'cuda_fmul_ru' used outside a kernel" } */
void host_FMUL_RD (void) { f = cuda_fmul_rd (f, f); } /* { dg-error "'cuda_fmul_rd' used outside a kernel" } */
void host_FDIV_RN (void) { f = cuda_fdiv_rn (f, f); } /* { dg-error "'cuda_fdiv_rn' used outside a kernel" } */
void host_FDIV_RZ (void) { f = cuda_fdiv_rz (f, f); } /* { dg-error "'cuda_fdiv_rz' used outside a kernel" } */
void host_FDIV_RU (void) { f = cuda_fdiv_ru (f, f); } /* { dg-error "'cuda_fdiv_ru' used outside a kernel" } */
void host_FDIV_RD (void) { f = cuda_fdiv_rd (f, f); } /* { dg-error "'cuda_fdiv_rd' used outside a kernel" } */
void host_FMAF_RN (void) { f = cuda_fmaf_rn (f, f, f); } /* { dg-error "'cuda_fmaf_rn' used outside a kernel" } */
void host_FMAF_RZ (void) { f = cuda_fmaf_rz (f, f, f); } /* { dg-error "'cuda_fmaf_rz' used outside a kernel" } */
void host_FMAF_RU (void) { f = cuda_fmaf_ru (f, f, f); } /* { dg-error "'cuda_fmaf_ru' used outside a kernel" } */
void host_FMAF_RD (void) { f = cuda_fmaf_rd (f, f, f); } /* { dg-error "'cuda_fmaf_rd' used outside a kernel" } */
void host_FRCP_RN (void) { f = cuda_frcp_rn (f); } /* { dg-error "'cuda_frcp_rn' used outside a kernel" } */
void host_FRCP_RZ (void) { f = cuda_frcp_rz (f); } /* { dg-error "'cuda_frcp_rz' used outside a kernel" } */
void host_FRCP_RU (void) { f = cuda_frcp_ru (f); } /* { dg-error "'cuda_frcp_ru' used outside a kernel" } */
void host_FRCP_RD (void) { f = cuda_frcp_rd (f); } /* { dg-error "'cuda_frcp_rd' used outside a kernel" } */
void host_FSQRT_RN (void) { f = cuda_fsqrt_rn (f); } /* { dg-error "'cuda_fsqrt_rn' used outside a kernel" } */
void host_FSQRT_RZ (void) { f = cuda_fsqrt_rz (f); } /* { dg-error "'cuda_fsqrt_rz' used outside a kernel" } */
void host_FSQRT_RU (void) { f = cuda_fsqrt_ru (f); } /* { dg-error "'cuda_fsqrt_ru' used outside a kernel" } */
void host_FSQRT_RD (void) { f = cuda_fsqrt_rd (f); } /* { dg-error "'cuda_fsqrt_rd' used outside a kernel" } */
void host_DADD_RN (void) { d = cuda_dadd_rn (d, d); } /* { dg-error "'cuda_dadd_rn' used outside a kernel" } */
void host_DADD_RZ (void) { d = cuda_dadd_rz (d, d); } /* { dg-error "'cuda_dadd_rz' used outside a kernel" } */
void host_DADD_RU (void) { d = cuda_dadd_ru (d, d); } /* { dg-error "'cuda_dadd_ru' used outside a kernel" } */
void host_DADD_RD (void) { d = cuda_dadd_rd (d, d); } /* { dg-error "'cuda_dadd_rd' used outside a kernel" } */
void host_DSUB_RN (void) { d = cuda_dsub_rn (d, d); } /* { dg-error "'cuda_dsub_rn' used outside a kernel" } */
void host_DSUB_RZ (void) { d = cuda_dsub_rz (d, d); } /* { dg-error "'cuda_dsub_rz' used outside a kernel" } */
void host_DSUB_RU (void) { d = cuda_dsub_ru (d, d); } /* { dg-error "'cuda_dsub_ru' used outside a kernel" } */
void host_DSUB_RD (void) { d = cuda_dsub_rd (d, d); } /* { dg-error "'cuda_dsub_rd' used outside a kernel" } */
void host_DMUL_RN (void) { d = cuda_dmul_rn (d, d); } /* { dg-error "'cuda_dmul_rn' used outside a kernel" } */
void host_DMUL_RZ (void) { d = cuda_dmul_rz (d, d); } /* { dg-error "'cuda_dmul_rz' used outside a kernel" } */
void host_DMUL_RU (void) { d = cuda_dmul_ru (d, d); } /* { dg-error "'cuda_dmul_ru' used outside a kernel" } */
void host_DMUL_RD (void) { d = cuda_dmul_rd (d, d); } /* { dg-error "'cuda_dmul_rd' used outside a kernel" } */
void host_DDIV_RN (void) { d = cuda_ddiv_rn (d, d); } /* { dg-error "'cuda_ddiv_rn' used outside a kernel" } */
void host_DDIV_RZ (void) { d = cuda_ddiv_rz (d, d); } /* { dg-error "'cuda_ddiv_rz' used outside a kernel" } */
void host_DDIV_RU (void) { d = cuda_ddiv_ru (d, d); } /* { dg-error "'cuda_ddiv_ru' used outside a kernel" } */
void host_DDIV_RD (void) { d = cuda_ddiv_rd (d, d); } /* { dg-error "'cuda_ddiv_rd' used outside a kernel" } */
void host_FMA_RN (void) { d = cuda_fma_rn (d, d, d); } /* { dg-error "'cuda_fma_rn' used outside a kernel" } */
void host_FMA_RZ (void) { d = cuda_fma_rz (d, d, d); } /* { dg-error "'cuda_fma_rz' used outside a kernel" } */
void host_FMA_RU (void) { d = cuda_fma_ru (d, d, d); } /* { dg-error "'cuda_fma_ru' used outside a kernel" } */
void host_FMA_RD (void) { d = cuda_fma_rd (d, d, d); } /* { dg-error "'cuda_fma_rd' used outside a kernel" } */
void host_DRCP_RN (void) { d = cuda_drcp_rn (d); } /* { dg-error "'cuda_drcp_rn' used outside a kernel" } */
void host_DRCP_RZ (void) { d = cuda_drcp_rz (d); } /* { dg-error "'cuda_drcp_rz' used outside a kernel" } */
void host_DRCP_RU (void) { d = cuda_drcp_ru (d); } /* { dg-error "'cuda_drcp_ru' used outside a kernel" } */
void host_DRCP_RD (void) { d = cuda_drcp_rd (d); } /* { dg-error "'cuda_drcp_rd' used outside a kernel" } */
void host_DSQRT_RN (void) { d = cuda_dsqrt_rn (d); } /* { dg-error "'cuda_dsqrt_rn' used outside a kernel" } */
void host_DSQRT_RZ (void) { d = cuda_dsqrt_rz (d); } /* { dg-error "'cuda_dsqrt_rz' used outside a kernel" } */
void host_DSQRT_RU (void) { d = cuda_dsqrt_ru (d); } /* { dg-error "'cuda_dsqrt_ru' used outside a kernel" } */
void host_DSQRT_RD (void) { d = cuda_dsqrt_rd (d); } /* { dg-error "'cuda_dsqrt_rd' used outside a kernel" } */
void host_TEX2D (void) { f = cuda_tex2d (ull, f, f); } /* { dg-error "'cuda_tex2d' used outside a kernel" } */

#ifdef __FLT16_MAX__
/* The warp-matrix operations, where C has _Float16, and __bf16 for
   theirs; without, the table's functions do nothing.  */
cuda_wmma_a_f16 wa;
cuda_wmma_b_f16 wb;
cuda_wmma_acc_f32 wc;
cuda_wmma_acc_f16 wh;
_Float16 *hp;
void host_WMMA_LOAD_A_F16 (void) { cuda_wmma_load_a (&wa, hp, 16); } /* { dg-error "'cudajit_wmma_load_a_f16' used outside a kernel" "" { target float16 } } */
void host_WMMA_LOAD_B_F16 (void) { cuda_wmma_load_b_col (&wb, hp, 16); } /* { dg-error "'cudajit_wmma_load_b_f16' used outside a kernel" "" { target float16 } } */
void host_WMMA_FILL_ACC_F32 (void) { cuda_wmma_fill (&wc, 0.0f); } /* { dg-error "'cudajit_wmma_fill_acc_f32' used outside a kernel" "" { target float16 } } */
void host_WMMA_LOAD_ACC_F32 (void) { cuda_wmma_load_c (&wc, &f, 16); } /* { dg-error "'cudajit_wmma_load_acc_f32' used outside a kernel" "" { target float16 } } */
void host_WMMA_STORE_ACC_F32 (void) { cuda_wmma_store (&f, &wc, 16); } /* { dg-error "'cudajit_wmma_store_acc_f32' used outside a kernel" "" { target float16 } } */
void host_WMMA_FILL_ACC_F16 (void) { cuda_wmma_fill (&wh, h); } /* { dg-error "'cudajit_wmma_fill_acc_f16' used outside a kernel" "" { target float16 } } */
void host_WMMA_LOAD_ACC_F16 (void) { cuda_wmma_load_c_col (&wh, hp, 16); } /* { dg-error "'cudajit_wmma_load_acc_f16' used outside a kernel" "" { target float16 } } */
void host_WMMA_STORE_ACC_F16 (void) { cuda_wmma_store_col (hp, &wh, 16); } /* { dg-error "'cudajit_wmma_store_acc_f16' used outside a kernel" "" { target float16 } } */
void host_WMMA_MMA_F16_ACC_F32 (void) { cuda_wmma_mma (&wc, &wa, &wb, &wc); } /* { dg-error "'cudajit_wmma_mma_f16_acc_f32' used outside a kernel" "" { target float16 } } */
void host_WMMA_MMA_F16_ACC_F16 (void) { cuda_wmma_mma (&wh, &wa, &wb, &wh); } /* { dg-error "'cudajit_wmma_mma_f16_acc_f16' used outside a kernel" "" { target float16 } } */
void host_WMMA_LENGTH (void) { i = cuda_wmma_length (wc); } /* { dg-error "'cudajit_wmma_length' used outside a kernel" "" { target float16 } } */
cuda_wmma_a_bf16 va;
cuda_wmma_b_bf16 vb;
__bf16 *bp;
void host_WMMA_LOAD_A_BF16 (void) { cuda_wmma_load_a_col (&va, bp, 16); } /* { dg-error "'cudajit_wmma_load_a_bf16' used outside a kernel" "" { target float16 } } */
void host_WMMA_LOAD_B_BF16 (void) { cuda_wmma_load_b (&vb, bp, 16); } /* { dg-error "'cudajit_wmma_load_b_bf16' used outside a kernel" "" { target float16 } } */
void host_WMMA_MMA_BF16_ACC_F32 (void) { cuda_wmma_mma (&wc, &va, &vb, &wc); } /* { dg-error "'cudajit_wmma_mma_bf16_acc_f32' used outside a kernel" "" { target float16 } } */
cuda_wmma_a_f16_32x8x16 ma;
cuda_wmma_b_f16_32x8x16 mb;
cuda_wmma_a_bf16_32x8x16 mva;
cuda_wmma_b_bf16_32x8x16 mvb;
cuda_wmma_acc_f32_32x8x16 mc;
cuda_wmma_acc_f16_32x8x16 mh;
void host_WMMA_LOAD_A_F16_32X8X16 (void) { cuda_wmma_load_a (&ma, hp, 16); } /* { dg-error "'cudajit_wmma_load_a_f16_32x8x16' used outside a kernel" "" { target float16 } } */
void host_WMMA_LOAD_B_F16_32X8X16 (void) { cuda_wmma_load_b_col (&mb, hp, 16); } /* { dg-error "'cudajit_wmma_load_b_f16_32x8x16' used outside a kernel" "" { target float16 } } */
void host_WMMA_LOAD_A_BF16_32X8X16 (void) { cuda_wmma_load_a_col (&mva, bp, 16); } /* { dg-error "'cudajit_wmma_load_a_bf16_32x8x16' used outside a kernel" "" { target float16 } } */
void host_WMMA_LOAD_B_BF16_32X8X16 (void) { cuda_wmma_load_b (&mvb, bp, 16); } /* { dg-error "'cudajit_wmma_load_b_bf16_32x8x16' used outside a kernel" "" { target float16 } } */
void host_WMMA_FILL_ACC_F32_32X8X16 (void) { cuda_wmma_fill (&mc, 0.0f); } /* { dg-error "'cudajit_wmma_fill_acc_f32_32x8x16' used outside a kernel" "" { target float16 } } */
void host_WMMA_LOAD_ACC_F32_32X8X16 (void) { cuda_wmma_load_c (&mc, &f, 16); } /* { dg-error "'cudajit_wmma_load_acc_f32_32x8x16' used outside a kernel" "" { target float16 } } */
void host_WMMA_STORE_ACC_F32_32X8X16 (void) { cuda_wmma_store_col (&f, &mc, 16); } /* { dg-error "'cudajit_wmma_store_acc_f32_32x8x16' used outside a kernel" "" { target float16 } } */
void host_WMMA_FILL_ACC_F16_32X8X16 (void) { cuda_wmma_fill (&mh, h); } /* { dg-error "'cudajit_wmma_fill_acc_f16_32x8x16' used outside a kernel" "" { target float16 } } */
void host_WMMA_LOAD_ACC_F16_32X8X16 (void) { cuda_wmma_load_c_col (&mh, hp, 16); } /* { dg-error "'cudajit_wmma_load_acc_f16_32x8x16' used outside a kernel" "" { target float16 } } */
void host_WMMA_STORE_ACC_F16_32X8X16 (void) { cuda_wmma_store (hp, &mh, 16); } /* { dg-error "'cudajit_wmma_store_acc_f16_32x8x16' used outside a kernel" "" { target float16 } } */
void host_WMMA_MMA_F16_ACC_F32_32X8X16 (void) { cuda_wmma_mma (&mc, &ma, &mb, &mc); } /* { dg-error "'cudajit_wmma_mma_f16_acc_f32_32x8x16' used outside a kernel" "" { target float16 } } */
void host_WMMA_MMA_F16_ACC_F16_32X8X16 (void) { cuda_wmma_mma (&mh, &ma, &mb, &mh); } /* { dg-error "'cudajit_wmma_mma_f16_acc_f16_32x8x16' used outside a kernel" "" { target float16 } } */
void host_WMMA_MMA_BF16_ACC_F32_32X8X16 (void) { cuda_wmma_mma (&mc, &mva, &mvb, &mc); } /* { dg-error "'cudajit_wmma_mma_bf16_acc_f32_32x8x16' used outside a kernel" "" { target float16 } } */
cuda_wmma_a_f16_8x32x16 na;
cuda_wmma_b_f16_8x32x16 nb;
cuda_wmma_a_bf16_8x32x16 nva;
cuda_wmma_b_bf16_8x32x16 nvb;
cuda_wmma_acc_f32_8x32x16 nc;
cuda_wmma_acc_f16_8x32x16 nh;
void host_WMMA_LOAD_A_F16_8X32X16 (void) { cuda_wmma_load_a (&na, hp, 16); } /* { dg-error "'cudajit_wmma_load_a_f16_8x32x16' used outside a kernel" "" { target float16 } } */
void host_WMMA_LOAD_B_F16_8X32X16 (void) { cuda_wmma_load_b_col (&nb, hp, 16); } /* { dg-error "'cudajit_wmma_load_b_f16_8x32x16' used outside a kernel" "" { target float16 } } */
void host_WMMA_LOAD_A_BF16_8X32X16 (void) { cuda_wmma_load_a_col (&nva, bp, 16); } /* { dg-error "'cudajit_wmma_load_a_bf16_8x32x16' used outside a kernel" "" { target float16 } } */
void host_WMMA_LOAD_B_BF16_8X32X16 (void) { cuda_wmma_load_b (&nvb, bp, 16); } /* { dg-error "'cudajit_wmma_load_b_bf16_8x32x16' used outside a kernel" "" { target float16 } } */
void host_WMMA_FILL_ACC_F32_8X32X16 (void) { cuda_wmma_fill (&nc, 0.0f); } /* { dg-error "'cudajit_wmma_fill_acc_f32_8x32x16' used outside a kernel" "" { target float16 } } */
void host_WMMA_LOAD_ACC_F32_8X32X16 (void) { cuda_wmma_load_c (&nc, &f, 16); } /* { dg-error "'cudajit_wmma_load_acc_f32_8x32x16' used outside a kernel" "" { target float16 } } */
void host_WMMA_STORE_ACC_F32_8X32X16 (void) { cuda_wmma_store_col (&f, &nc, 16); } /* { dg-error "'cudajit_wmma_store_acc_f32_8x32x16' used outside a kernel" "" { target float16 } } */
void host_WMMA_FILL_ACC_F16_8X32X16 (void) { cuda_wmma_fill (&nh, h); } /* { dg-error "'cudajit_wmma_fill_acc_f16_8x32x16' used outside a kernel" "" { target float16 } } */
void host_WMMA_LOAD_ACC_F16_8X32X16 (void) { cuda_wmma_load_c_col (&nh, hp, 16); } /* { dg-error "'cudajit_wmma_load_acc_f16_8x32x16' used outside a kernel" "" { target float16 } } */
void host_WMMA_STORE_ACC_F16_8X32X16 (void) { cuda_wmma_store (hp, &nh, 16); } /* { dg-error "'cudajit_wmma_store_acc_f16_8x32x16' used outside a kernel" "" { target float16 } } */
void host_WMMA_MMA_F16_ACC_F32_8X32X16 (void) { cuda_wmma_mma (&nc, &na, &nb, &nc); } /* { dg-error "'cudajit_wmma_mma_f16_acc_f32_8x32x16' used outside a kernel" "" { target float16 } } */
void host_WMMA_MMA_F16_ACC_F16_8X32X16 (void) { cuda_wmma_mma (&nh, &na, &nb, &nh); } /* { dg-error "'cudajit_wmma_mma_f16_acc_f16_8x32x16' used outside a kernel" "" { target float16 } } */
void host_WMMA_MMA_BF16_ACC_F32_8X32X16 (void) { cuda_wmma_mma (&nc, &nva, &nvb, &nc); } /* { dg-error "'cudajit_wmma_mma_bf16_acc_f32_8x32x16' used outside a kernel" "" { target float16 } } */
cuda_wmma_a_tf32_16x16x8 ta;
cuda_wmma_b_tf32_16x16x8 tb;
cuda_wmma_acc_f32_16x16x8 tc;
void host_WMMA_LOAD_A_TF32_16X16X8 (void) { cuda_wmma_load_a (&ta, &f, 8); } /* { dg-error "'cudajit_wmma_load_a_tf32_16x16x8' used outside a kernel" "" { target float16 } } */
void host_WMMA_LOAD_B_TF32_16X16X8 (void) { cuda_wmma_load_b_col (&tb, &f, 8); } /* { dg-error "'cudajit_wmma_load_b_tf32_16x16x8' used outside a kernel" "" { target float16 } } */
void host_WMMA_FILL_ACC_F32_16X16X8 (void) { cuda_wmma_fill (&tc, 0.0f); } /* { dg-error "'cudajit_wmma_fill_acc_f32_16x16x8' used outside a kernel" "" { target float16 } } */
void host_WMMA_LOAD_ACC_F32_16X16X8 (void) { cuda_wmma_load_c (&tc, &f, 16); } /* { dg-error "'cudajit_wmma_load_acc_f32_16x16x8' used outside a kernel" "" { target float16 } } */
void host_WMMA_STORE_ACC_F32_16X16X8 (void) { cuda_wmma_store (&f, &tc, 16); } /* { dg-error "'cudajit_wmma_store_acc_f32_16x16x8' used outside a kernel" "" { target float16 } } */
void host_WMMA_MMA_TF32_ACC_F32_16X16X8 (void) { cuda_wmma_mma (&tc, &ta, &tb, &tc); } /* { dg-error "'cudajit_wmma_mma_tf32_acc_f32_16x16x8' used outside a kernel" "" { target float16 } } */
cuda_wmma_a_s8 ia;
cuda_wmma_b_s8 ib;
cuda_wmma_a_u8 ja;
cuda_wmma_b_u8 jb;
cuda_wmma_acc_s32 ic;
signed char *sp;
unsigned char *up;
void host_WMMA_LOAD_A_S8 (void) { cuda_wmma_load_a (&ia, sp, 16); } /* { dg-error "'cudajit_wmma_load_a_s8' used outside a kernel" "" { target float16 } } */
void host_WMMA_LOAD_B_S8 (void) { cuda_wmma_load_b_col (&ib, sp, 16); } /* { dg-error "'cudajit_wmma_load_b_s8' used outside a kernel" "" { target float16 } } */
void host_WMMA_LOAD_A_U8 (void) { cuda_wmma_load_a_col (&ja, up, 16); } /* { dg-error "'cudajit_wmma_load_a_u8' used outside a kernel" "" { target float16 } } */
void host_WMMA_LOAD_B_U8 (void) { cuda_wmma_load_b (&jb, up, 16); } /* { dg-error "'cudajit_wmma_load_b_u8' used outside a kernel" "" { target float16 } } */
void host_WMMA_FILL_ACC_S32 (void) { cuda_wmma_fill (&ic, i); } /* { dg-error "'cudajit_wmma_fill_acc_s32' used outside a kernel" "" { target float16 } } */
void host_WMMA_LOAD_ACC_S32 (void) { cuda_wmma_load_c (&ic, &i, 16); } /* { dg-error "'cudajit_wmma_load_acc_s32' used outside a kernel" "" { target float16 } } */
void host_WMMA_STORE_ACC_S32 (void) { cuda_wmma_store_col (&i, &ic, 16); } /* { dg-error "'cudajit_wmma_store_acc_s32' used outside a kernel" "" { target float16 } } */
void host_WMMA_MMA_S8_ACC_S32 (void) { cuda_wmma_mma (&ic, &ia, &ib, &ic); } /* { dg-error "'cudajit_wmma_mma_s8_acc_s32' used outside a kernel" "" { target float16 } } */
void host_WMMA_MMA_U8_ACC_S32 (void) { cuda_wmma_mma (&ic, &ja, &jb, &ic); } /* { dg-error "'cudajit_wmma_mma_u8_acc_s32' used outside a kernel" "" { target float16 } } */
#else
void host_WMMA_LOAD_A_F16 (void) {}
void host_WMMA_LOAD_B_F16 (void) {}
void host_WMMA_FILL_ACC_F32 (void) {}
void host_WMMA_LOAD_ACC_F32 (void) {}
void host_WMMA_STORE_ACC_F32 (void) {}
void host_WMMA_FILL_ACC_F16 (void) {}
void host_WMMA_LOAD_ACC_F16 (void) {}
void host_WMMA_STORE_ACC_F16 (void) {}
void host_WMMA_MMA_F16_ACC_F32 (void) {}
void host_WMMA_MMA_F16_ACC_F16 (void) {}
void host_WMMA_LENGTH (void) {}
void host_WMMA_LOAD_A_BF16 (void) {}
void host_WMMA_LOAD_B_BF16 (void) {}
void host_WMMA_MMA_BF16_ACC_F32 (void) {}
void host_WMMA_LOAD_A_F16_32X8X16 (void) {}
void host_WMMA_LOAD_B_F16_32X8X16 (void) {}
void host_WMMA_LOAD_A_BF16_32X8X16 (void) {}
void host_WMMA_LOAD_B_BF16_32X8X16 (void) {}
void host_WMMA_FILL_ACC_F32_32X8X16 (void) {}
void host_WMMA_LOAD_ACC_F32_32X8X16 (void) {}
void host_WMMA_STORE_ACC_F32_32X8X16 (void) {}
void host_WMMA_FILL_ACC_F16_32X8X16 (void) {}
void host_WMMA_LOAD_ACC_F16_32X8X16 (void) {}
void host_WMMA_STORE_ACC_F16_32X8X16 (void) {}
void host_WMMA_MMA_F16_ACC_F32_32X8X16 (void) {}
void host_WMMA_MMA_F16_ACC_F16_32X8X16 (void) {}
void host_WMMA_MMA_BF16_ACC_F32_32X8X16 (void) {}
void host_WMMA_LOAD_A_F16_8X32X16 (void) {}
void host_WMMA_LOAD_B_F16_8X32X16 (void) {}
void host_WMMA_LOAD_A_BF16_8X32X16 (void) {}
void host_WMMA_LOAD_B_BF16_8X32X16 (void) {}
void host_WMMA_FILL_ACC_F32_8X32X16 (void) {}
void host_WMMA_LOAD_ACC_F32_8X32X16 (void) {}
void host_WMMA_STORE_ACC_F32_8X32X16 (void) {}
void host_WMMA_FILL_ACC_F16_8X32X16 (void) {}
void host_WMMA_LOAD_ACC_F16_8X32X16 (void) {}
void host_WMMA_STORE_ACC_F16_8X32X16 (void) {}
void host_WMMA_MMA_F16_ACC_F32_8X32X16 (void) {}
void host_WMMA_MMA_F16_ACC_F16_8X32X16 (void) {}
void host_WMMA_MMA_BF16_ACC_F32_8X32X16 (void) {}
void host_WMMA_LOAD_A_TF32_16X16X8 (void) {}
void host_WMMA_LOAD_B_TF32_16X16X8 (void) {}
void host_WMMA_FILL_ACC_F32_16X16X8 (void) {}
void host_WMMA_LOAD_ACC_F32_16X16X8 (void) {}
void host_WMMA_STORE_ACC_F32_16X16X8 (void) {}
void host_WMMA_MMA_TF32_ACC_F32_16X16X8 (void) {}
void host_WMMA_LOAD_A_S8 (void) {}
void host_WMMA_LOAD_B_S8 (void) {}
void host_WMMA_LOAD_A_U8 (void) {}
void host_WMMA_LOAD_B_U8 (void) {}
void host_WMMA_FILL_ACC_S32 (void) {}
void host_WMMA_LOAD_ACC_S32 (void) {}
void host_WMMA_STORE_ACC_S32 (void) {}
void host_WMMA_MMA_S8_ACC_S32 (void) {}
void host_WMMA_MMA_U8_ACC_S32 (void) {}
#endif

/* A function that may be a device function (static, or marked
   cuda_device) may call them all: it runs in a kernel.  */
__attribute__ ((cuda_device)) unsigned int
device (unsigned int *p)
{
  return cuda_shfl_sync (~0u, *p, 0) + cuda_atomic_add (p, 1u);
}

void (*const every_row[]) (void) = {
#define DEF_DEVICE_API(id, name, cuda, kind, where, cpu, types) host_##id,
#include "../../../plugin/device-api.def"
};
