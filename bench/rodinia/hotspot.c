/* SPDX-License-Identifier: MIT */
/* Hotspot (Rodinia): the transient temperature of a chip, on a square grid
   of cells, from each cell's power, by explicit time steps; each launch
   advances PYRAMID steps (hotspot-kernels.h).

     hotspot [SIDE [PYRAMID [ITERATIONS]]]   (1024, 2, 60)

   Checked against the same steps on the host.  */

#include "rodinia.h"

#include "hotspot-kernels.h"

static const char usage[] = "[SIDE [PYRAMID [ITERATIONS]]]";

/* The chip: its side and thickness in metres, its silicon's
   conductivity and specific heat, the most power a cell dissipates, and
   the precision that bounds the time step.  */
static const float CHIP_SIDE = 0.016f, CHIP_THICKNESS = 0.0005f;
static const float K_SI = 100.0f, SPEC_HEAT_SI = 1.75e6f;
static const float FACTOR_CHIP = 0.5f, MAX_PD = 3.0e6f, PRECISION = 0.001f;
static const float TOLERANCE = 1e-2f;
/* The cells' first temperatures (K) and their powers.  */
static const float TEMP_MIN = 323.0f, TEMP_MAX = 343.0f, POWER_MAX = 1e-3f;

struct hotspot
{
  int side, pyramid, iterations;
  float cap, rx, ry, rz, step;
  float *temp, *power, *d_temp_init, *d_temp[2], *d_power;
  int result;
};

static void
setup (void *data)
{
  struct hotspot *h = (struct hotspot *) data;
  device_copy (h->d_temp[0], h->d_temp_init,
               (size_t) h->side * h->side * sizeof (float));
}

static void
run (void *data)
{
  struct hotspot *h = (struct hotspot *) data;
  int border = h->pyramid;
  int small = HOTSPOT_BLOCK - h->pyramid * 2;
  int blocks = (h->side + small - 1) / small;
  int src = 0;

  for (int t = 0; t < h->iterations; t += h->pyramid)
    {
      LAUNCH (hotspot_step, DIM3 (blocks, blocks),
              DIM3 (HOTSPOT_BLOCK, HOTSPOT_BLOCK))
      (rodinia_min (h->pyramid, h->iterations - t), h->d_power, h->d_temp[src],
       h->d_temp[1 - src], h->side, h->side, border, border, h->cap, h->rx,
       h->ry, h->rz, h->step);
      src = 1 - src;
    }
  h->result = src;
}

/* The same steps, cell by cell.  */
static void
reference (const struct hotspot *h, float *temp)
{
  int side = h->side;
  float *next = (float *) host_alloc ((size_t) side * side * sizeof *next);
  float step_div_cap = h->step / h->cap;
  float rx1 = 1 / h->rx, ry1 = 1 / h->ry, rz1 = 1 / h->rz;

  for (int t = 0; t < h->iterations; t++)
    {
      for (int y = 0; y < side; y++)
        for (int x = 0; x < side; x++)
          {
            int n = rodinia_max (y - 1, 0), s = rodinia_min (y + 1, side - 1);
            int w = rodinia_max (x - 1, 0), e = rodinia_min (x + 1, side - 1);
            float c = temp[y * side + x];
            next[y * side + x] = c
                                 + step_div_cap
                                       * (h->power[y * side + x]
                                          + (temp[s * side + x]
                                             + temp[n * side + x] - 2.0f * c)
                                                * ry1
                                          + (temp[y * side + e]
                                             + temp[y * side + w] - 2.0f * c)
                                                * rx1
                                          + (HOTSPOT_AMBIENT - c) * rz1);
          }
      memcpy (temp, next, (size_t) side * side * sizeof *temp);
    }
  free (next);
}

int
main (int argc, char **argv)
{
  struct hotspot h;
  h.side = int_argument (argc, argv, 1, 1024, 1, usage);
  h.pyramid = int_argument (argc, argv, 2, 2, 1, usage);
  h.iterations = int_argument (argc, argv, 3, 60, 1, usage);
  if (HOTSPOT_BLOCK - h.pyramid * 2 <= 0)
    {
      fprintf (stderr, "hotspot: a pyramid of %d leaves blocks of %d empty\n",
               h.pyramid, HOTSPOT_BLOCK);
      return 2;
    }
  size_t cells = (size_t) h.side * h.side, bytes = cells * sizeof (float);
  float cell = CHIP_SIDE / h.side;
  h.cap = FACTOR_CHIP * SPEC_HEAT_SI * CHIP_THICKNESS * cell * cell;
  h.rx = cell / (2.0f * K_SI * CHIP_THICKNESS * cell);
  h.ry = cell / (2.0f * K_SI * CHIP_THICKNESS * cell);
  h.rz = CHIP_THICKNESS / (K_SI * cell * cell);
  h.step
      = PRECISION / (MAX_PD / (FACTOR_CHIP * CHIP_THICKNESS * SPEC_HEAT_SI));
  h.temp = (float *) host_alloc (bytes);
  h.power = (float *) host_alloc (bytes);
  for (size_t i = 0; i < cells; i++)
    {
      h.temp[i] = random_between (TEMP_MIN, TEMP_MAX);
      h.power[i] = random_between (0.0f, POWER_MAX);
    }
  h.d_temp_init = (float *) device_alloc (bytes);
  h.d_temp[0] = (float *) device_alloc (bytes);
  h.d_temp[1] = (float *) device_alloc (bytes);
  h.d_power = (float *) device_alloc (bytes);
  to_device (h.d_temp_init, h.temp, bytes);
  to_device (h.d_power, h.power, bytes);

  time_runs ("hotspot", setup, run, &h);

  float *got = (float *) host_alloc (bytes);
  to_host (got, h.d_temp[h.result], bytes);
  reference (&h, h.temp);
  long mismatches = 0;
  double worst = 0;
  for (size_t i = 0; i < cells; i++)
    {
      double error = fabs ((double) got[i] - h.temp[i]);
      worst = error > worst ? error : worst;
      mismatches += !(error <= TOLERANCE);
    }
  device_free (h.d_temp_init);
  device_free (h.d_temp[0]);
  device_free (h.d_temp[1]);
  device_free (h.d_power);
  free (got);
  free (h.temp);
  free (h.power);
  return verdict ("hotspot", mismatches, worst);
}
