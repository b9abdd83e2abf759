/* The C version of units/triple.ptx's ptx_triple, which the CPU backend
   runs for run-link-ptx.c's kernel.  */
float ptx_triple (float x);

float
ptx_triple (float x)
{
  return x * 3.0f;
}
