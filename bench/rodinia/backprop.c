/* SPDX-License-Identifier: MIT */
/* Backpropagation (Rodinia's backprop): one training step of a network of
   IN inputs, 16 hidden units and one output, on the GPU
   (backprop-kernels.h).  The weights start small and random, so that the
   hidden units do not saturate and the step changes every weight.

     backprop [IN]   (65536, a multiple of 16)

   Checked, every weight, the hidden units and the output, against the
   same step on the host.  */

#include "rodinia.h"

#include "backprop-kernels.h"

static const char usage[] = "[IN]";

static const float TARGET = 0.1f;
/* The weights' ranges: the first layer's small enough that the sums of
   65536 products do not saturate the hidden units.  */
static const float W1_RANGE = 0.01f, W2_RANGE = 0.5f;
static const double TOLERANCE = 1e-4;

struct backprop
{
  int in, hid;
  size_t w1_count;
  float *input, *w1, *w2;
  float *d_input, *d_w1, *d_oldw1, *d_w2, *d_oldw2, *d_partial, *d_hidden,
      *d_hidden_delta, *d_output;
};

static void
setup (void *data)
{
  struct backprop *b = (struct backprop *) data;
  size_t w1_bytes = b->w1_count * sizeof (float);
  size_t w2_bytes = (b->hid + 1) * 2 * sizeof (float);
  float *zeros = (float *) calloc (b->w1_count, sizeof (float));
  to_device (b->d_w1, b->w1, w1_bytes);
  to_device (b->d_oldw1, zeros, w1_bytes);
  to_device (b->d_w2, b->w2, w2_bytes);
  to_device (b->d_oldw2, zeros, w2_bytes);
  free (zeros);
}

static void
run (void *data)
{
  struct backprop *b = (struct backprop *) data;
  int blocks = b->in / BACKPROP_BLOCK;

  LAUNCH (backprop_forward, DIM3 (1, blocks),
          DIM3 (BACKPROP_BLOCK, BACKPROP_BLOCK))
  (b->d_input, b->d_w1, b->d_partial, b->hid);
  LAUNCH (backprop_output, 1, BACKPROP_BLOCK)
  (b->d_partial, blocks, b->d_w1, b->d_hidden, b->d_w2, b->d_oldw2,
   b->d_hidden_delta, b->d_output, TARGET, b->hid);
  LAUNCH (backprop_adjust, DIM3 (1, blocks),
          DIM3 (BACKPROP_BLOCK, BACKPROP_BLOCK))
  (b->d_hidden_delta, b->hid, b->d_input, b->d_w1, b->d_oldw1);
}

/* The same step on the host: W1, W2, HIDDEN and OUTPUT after it.  */
static void
reference (const struct backprop *b, float *w1, float *w2, float *hidden,
           float *output)
{
  int in = b->in, hid = b->hid;
  float delta[BACKPROP_BLOCK + 1];

  hidden[0] = 1.0f;
  for (int j = 1; j <= hid; j++)
    {
      double sum = 0;
      for (int i = 0; i <= in; i++)
        sum += (double) w1[i * (hid + 1) + j] * b->input[i];
      hidden[j] = squash ((float) sum);
    }
  float o = 0;
  for (int j = 0; j <= hid; j++)
    o += hidden[j] * w2[j * 2 + 1];
  o = squash (o);
  *output = o;
  float output_delta = o * (1.0f - o) * (TARGET - o);
  for (int j = 1; j <= hid; j++)
    delta[j] = hidden[j] * (1.0f - hidden[j]) * output_delta * w2[j * 2 + 1];
  for (int j = 0; j <= hid; j++)
    w2[j * 2 + 1] += BACKPROP_ETA * output_delta * hidden[j];
  for (int i = 0; i <= in; i++)
    for (int j = 1; j <= hid; j++)
      w1[i * (hid + 1) + j] += BACKPROP_ETA * delta[j] * b->input[i];
}

/* Count into *MISMATCHES the COUNT values of GOT that differ from WANT's
   by more than TOLERANCE of their size, keeping the worst in *WORST.  */
static void
compare (const float *got, const float *want, size_t count, long *mismatches,
         double *worst)
{
  for (size_t i = 0; i < count; i++)
    {
      double error = fabs ((double) got[i] - want[i])
                     / (fabs ((double) want[i]) + 1e-2);
      *worst = error > *worst ? error : *worst;
      *mismatches += !(error <= TOLERANCE);
    }
}

int
main (int argc, char **argv)
{
  struct backprop b;
  b.in = int_argument (argc, argv, 1, 65536, BACKPROP_BLOCK, usage);
  b.hid = BACKPROP_BLOCK;
  if (b.in % BACKPROP_BLOCK)
    {
      fprintf (stderr, "backprop: %d is not a multiple of %d\n", b.in,
               BACKPROP_BLOCK);
      return 2;
    }
  b.w1_count = (size_t) (b.in + 1) * (b.hid + 1);
  size_t w2_count = (b.hid + 1) * 2;
  b.input = (float *) host_alloc ((b.in + 1) * sizeof (float));
  b.w1 = (float *) host_alloc (b.w1_count * sizeof (float));
  b.w2 = (float *) host_alloc (w2_count * sizeof (float));
  b.input[0] = 1.0f;
  for (int i = 1; i <= b.in; i++)
    b.input[i] = random_float ();
  for (size_t i = 0; i < b.w1_count; i++)
    b.w1[i] = random_between (-W1_RANGE, W1_RANGE);
  for (size_t i = 0; i < w2_count; i++)
    b.w2[i] = random_between (-W2_RANGE, W2_RANGE);
  b.d_input = (float *) device_alloc ((b.in + 1) * sizeof (float));
  b.d_w1 = (float *) device_alloc (b.w1_count * sizeof (float));
  b.d_oldw1 = (float *) device_alloc (b.w1_count * sizeof (float));
  b.d_w2 = (float *) device_alloc (w2_count * sizeof (float));
  b.d_oldw2 = (float *) device_alloc (w2_count * sizeof (float));
  b.d_partial = (float *) device_alloc ((size_t) b.in * sizeof (float));
  b.d_hidden = (float *) device_alloc ((b.hid + 1) * sizeof (float));
  b.d_hidden_delta = (float *) device_alloc ((b.hid + 1) * sizeof (float));
  b.d_output = (float *) device_alloc (2 * sizeof (float));
  to_device (b.d_input, b.input, (b.in + 1) * sizeof (float));

  time_runs ("backprop", setup, run, &b);

  float *got_w1 = (float *) host_alloc (b.w1_count * sizeof (float));
  float got_w2[2 * (BACKPROP_BLOCK + 1)], got_hidden[BACKPROP_BLOCK + 1];
  float want_hidden[BACKPROP_BLOCK + 1], got_output[2], want_output;
  to_host (got_w1, b.d_w1, b.w1_count * sizeof (float));
  to_host (got_w2, b.d_w2, sizeof got_w2);
  to_host (got_hidden, b.d_hidden, sizeof got_hidden);
  to_host (got_output, b.d_output, sizeof got_output);
  reference (&b, b.w1, b.w2, want_hidden, &want_output);
  long mismatches = 0;
  double worst = 0;
  compare (got_w1, b.w1, b.w1_count, &mismatches, &worst);
  compare (got_w2, b.w2, w2_count, &mismatches, &worst);
  compare (got_hidden + 1, want_hidden + 1, b.hid, &mismatches, &worst);
  compare (got_output + 1, &want_output, 1, &mismatches, &worst);
  device_free (b.d_input);
  device_free (b.d_w1);
  device_free (b.d_oldw1);
  device_free (b.d_w2);
  device_free (b.d_oldw2);
  device_free (b.d_partial);
  device_free (b.d_hidden);
  device_free (b.d_hidden_delta);
  device_free (b.d_output);
  free (got_w1);
  free (b.input);
  free (b.w1);
  free (b.w2);
  return verdict ("backprop", mismatches, worst);
}
