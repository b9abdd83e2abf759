/* The tiles of units/toolkit-headers.cu, found in -I's directory, which
   its C version shares.  */
#define TILE 8
#define TILE_SCALE 100
