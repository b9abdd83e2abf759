/* Device functions that units/axpb.c and units/scale.c define for the
   kernels of other units.  */
__attribute__ ((cuda_device)) float axpb (float a, float x, float b);
__attribute__ ((cuda_device)) float scale (float x);
