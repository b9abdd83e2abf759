/* A unit of run-device-function-host-only.c's program that defines, as a
   plain C function, what the kernel's unit declares a device function
   (units/host-only.h).  */
float host_only_scale (float x);

float
host_only_scale (float x)
{
  return x * 3.0f;
}
