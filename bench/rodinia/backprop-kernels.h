/* SPDX-License-Identifier: MIT */
/* Backpropagation's kernels: a training step of a network of IN inputs,
   HID (= BACKPROP_BLOCK) hidden units and one output, its weights
   W1[i * (HID + 1) + j] from input i to hidden unit j and W2[j * 2 + 1]
   from hidden unit j to the output; index 0 of each layer is its bias,
   of value 1.  backprop_forward (Rodinia's bpnn_layerforward_CUDA)
   multiplies BACKPROP_BLOCK inputs by their weights in shared memory, a
   block of them a block of threads, and sums each hidden unit's products
   into PARTIAL; backprop_output, one block, which Rodinia leaves to the
   host, finishes the hidden units, computes the output, the errors and
   the hidden-to-output weights; backprop_adjust (Rodinia's
   bpnn_adjust_weights_cuda) moves the input-to-hidden weights, with
   momentum.  */

#define BACKPROP_BLOCK 16
#define BACKPROP_ETA 0.3f
#define BACKPROP_MOMENTUM 0.3f

HOST_DEVICE float
squash (float x)
{
  return 1.0f / (1.0f + expf (-x));
}

KERNEL
backprop_forward (const float *input, const float *w1, float *partial, int hid)
{
  SHARED float input_node[BACKPROP_BLOCK];
  SHARED float products[BACKPROP_BLOCK][BACKPROP_BLOCK];
  int by = blockIdx.y, tx = threadIdx.x, ty = threadIdx.y;
  int row = BACKPROP_BLOCK * by + ty + 1;

  if (tx == 0)
    input_node[ty] = input[row];
  SYNCTHREADS ();
  products[ty][tx] = w1[(hid + 1) * row + tx + 1] * input_node[ty];
  SYNCTHREADS ();
  for (int stride = 1; stride < BACKPROP_BLOCK; stride *= 2)
    {
      if (ty % (2 * stride) == 0)
        products[ty][tx] += products[ty + stride][tx];
      SYNCTHREADS ();
    }
  if (ty == 0)
    partial[by * hid + tx] = products[0][tx];
}

/* HID threads: hidden unit TX + 1 from the BLOCKS partial sums, then the
   output, its error toward TARGET, the hidden units' errors, and the
   hidden-to-output weights W2 (and their last changes, OLDW2).  */
KERNEL
backprop_output (const float *partial, int blocks, const float *w1,
                 float *hidden, float *w2, float *oldw2, float *hidden_delta,
                 float *output, float target, int hid)
{
  SHARED float units[BACKPROP_BLOCK + 1];
  /* An array, as cudajit's shared variables are.  */
  SHARED float output_delta[1];
  int tx = threadIdx.x;

  float sum = w1[tx + 1];
  for (int b = 0; b < blocks; b++)
    sum += partial[b * hid + tx];
  units[tx + 1] = squash (sum);
  if (tx == 0)
    units[0] = 1.0f;
  SYNCTHREADS ();
  if (tx == 0)
    {
      float o = 0;
      for (int j = 0; j <= hid; j++)
        o += units[j] * w2[j * 2 + 1];
      o = squash (o);
      output[1] = o;
      output_delta[0] = o * (1.0f - o) * (target - o);
    }
  SYNCTHREADS ();
  float h = units[tx + 1];
  hidden[tx + 1] = h;
  hidden_delta[tx + 1]
      = h * (1.0f - h) * output_delta[0] * w2[(tx + 1) * 2 + 1];
  SYNCTHREADS ();
  for (int j = tx; j <= hid; j += hid)
    {
      float dw = BACKPROP_ETA * output_delta[0] * units[j]
                 + BACKPROP_MOMENTUM * oldw2[j * 2 + 1];
      w2[j * 2 + 1] += dw;
      oldw2[j * 2 + 1] = dw;
    }
}

KERNEL
backprop_adjust (const float *delta, int hid, const float *ly, float *w,
                 float *oldw)
{
  int by = blockIdx.y, tx = threadIdx.x, ty = threadIdx.y;
  int row = BACKPROP_BLOCK * by + ty + 1;
  int index = (hid + 1) * row + tx + 1;

  float dw = BACKPROP_ETA * delta[tx + 1] * ly[row]
             + BACKPROP_MOMENTUM * oldw[index];
  w[index] += dw;
  oldw[index] = dw;
  /* The bias's weights, row 0.  */
  if (ty == 0 && by == 0)
    {
      float db
          = BACKPROP_ETA * delta[tx + 1] + BACKPROP_MOMENTUM * oldw[tx + 1];
      w[tx + 1] += db;
      oldw[tx + 1] = db;
    }
}
