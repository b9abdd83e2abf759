/* The weights of units/include/blend.cu's blend, which its C version and
   run-link-cu-include.c's check use too.  */
#ifndef BLEND_WEIGHTS_H
#define BLEND_WEIGHTS_H
#define BLEND_WEIGHT 0.25f
#define BLEND_OFFSET 2.0f
#endif
