/* Declared a device function, but units/host-only.c defines it as a
   plain C function, which only the CPU backend can run.  */
__attribute__ ((cuda_device)) float host_only_scale (float x);
