/* SPDX-License-Identifier: MIT */
/* LU decomposition's kernels (Rodinia's lud): M, DIM x DIM, becomes L
   (unit lower, below the diagonal) and U in place, without pivoting, in
   LUD_BLOCK x LUD_BLOCK blocks.  For each block of the diagonal, at
   OFFSET: lud_diagonal factors it, one thread a column; lud_perimeter
   solves the blocks right of it (rows of U) and below it (columns of L)
   against it, a block a pair; lud_internal subtracts their products from
   the blocks of the trailing matrix, a thread an element.  */

#define LUD_BLOCK 16

KERNEL
lud_diagonal (float *m, int dim, int offset)
{
  SHARED float shadow[LUD_BLOCK][LUD_BLOCK];
  int tx = threadIdx.x;

  for (int i = 0; i < LUD_BLOCK; i++)
    shadow[i][tx] = m[(offset + i) * dim + offset + tx];
  SYNCTHREADS ();
  /* Column I of L, then row I + 1 of U.  */
  for (int i = 0; i < LUD_BLOCK - 1; i++)
    {
      if (tx > i)
        {
          for (int j = 0; j < i; j++)
            shadow[tx][i] -= shadow[tx][j] * shadow[j][i];
          shadow[tx][i] /= shadow[i][i];
        }
      SYNCTHREADS ();
      if (tx > i)
        for (int j = 0; j < i + 1; j++)
          shadow[i + 1][tx] -= shadow[i + 1][j] * shadow[j][tx];
      SYNCTHREADS ();
    }
  for (int i = 1; i < LUD_BLOCK; i++)
    m[(offset + i) * dim + offset + tx] = shadow[i][tx];
}

/* 2 * LUD_BLOCK threads: the first LUD_BLOCK solve the block right of
   the diagonal's (L's block times it), the others the one below it (it
   times U's block).  */
KERNEL
lud_perimeter (float *m, int dim, int offset)
{
  SHARED float dia[LUD_BLOCK][LUD_BLOCK];
  SHARED float peri_row[LUD_BLOCK][LUD_BLOCK];
  SHARED float peri_col[LUD_BLOCK][LUD_BLOCK];
  int tx = threadIdx.x;
  int next = offset + (blockIdx.x + 1) * LUD_BLOCK;

  if (tx < LUD_BLOCK)
    for (int i = 0; i < LUD_BLOCK; i++)
      {
        dia[i][tx] = m[(offset + i) * dim + offset + tx];
        peri_row[i][tx] = m[(offset + i) * dim + next + tx];
      }
  else
    for (int i = 0; i < LUD_BLOCK; i++)
      peri_col[i][tx - LUD_BLOCK]
          = m[(next + i) * dim + offset + tx - LUD_BLOCK];
  SYNCTHREADS ();
  if (tx < LUD_BLOCK)
    {
      /* Column TX of U's block: forward substitution with L's.  */
      for (int i = 1; i < LUD_BLOCK; i++)
        for (int j = 0; j < i; j++)
          peri_row[i][tx] -= dia[i][j] * peri_row[j][tx];
    }
  else
    {
      /* Row TX of L's block: against U's, column by column.  */
      int row = tx - LUD_BLOCK;
      for (int i = 0; i < LUD_BLOCK; i++)
        {
          for (int j = 0; j < i; j++)
            peri_col[row][i] -= peri_col[row][j] * dia[j][i];
          peri_col[row][i] /= dia[i][i];
        }
    }
  SYNCTHREADS ();
  if (tx < LUD_BLOCK)
    for (int i = 1; i < LUD_BLOCK; i++)
      m[(offset + i) * dim + next + tx] = peri_row[i][tx];
  else
    for (int i = 0; i < LUD_BLOCK; i++)
      m[(next + i) * dim + offset + tx - LUD_BLOCK]
          = peri_col[i][tx - LUD_BLOCK];
}

KERNEL
lud_internal (float *m, int dim, int offset)
{
  SHARED float peri_row[LUD_BLOCK][LUD_BLOCK];
  SHARED float peri_col[LUD_BLOCK][LUD_BLOCK];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = offset + (blockIdx.y + 1) * LUD_BLOCK;
  int col = offset + (blockIdx.x + 1) * LUD_BLOCK;

  peri_row[ty][tx] = m[(offset + ty) * dim + col + tx];
  peri_col[ty][tx] = m[(row + ty) * dim + offset + tx];
  SYNCTHREADS ();
  float sum = 0;
  for (int i = 0; i < LUD_BLOCK; i++)
    sum += peri_col[ty][i] * peri_row[i][tx];
  m[(row + ty) * dim + col + tx] -= sum;
}
