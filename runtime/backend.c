/* SPDX-License-Identifier: MIT */
/* The two backends' tables of operations (backend.h), and the choice
   between them.  */

#include "internal.h"

static const struct cudajit_backend_ops gpu_backend = {
  .gpu = true,
  .where = "the GPU",
  .allocate = cudajit_gpu_allocate,
  .memory_name = cudajit_gpu_memory_name,
  .release = cudajit_gpu_release,
  .release_quietly = cudajit_gpu_release_quietly,
  .copy = cudajit_gpu_copy,
  .copy_device = cudajit_gpu_copy_device,
  .memset = cudajit_gpu_memset,
  .pin = cudajit_gpu_pin,
  .unpin = cudajit_gpu_unpin,
  .synchronize = cudajit_gpu_synchronize,
  .copy_symbol = cudajit_gpu_copy_symbol,
  .stream_create = cudajit_gpu_stream_create,
  .stream_destroy = cudajit_gpu_stream_destroy,
  .stream_synchronize = cudajit_gpu_stream_synchronize,
  .stream_wait_event = cudajit_gpu_stream_wait_event,
  .stream_add_callback = cudajit_gpu_stream_add_callback,
  .event_create = cudajit_gpu_event_create,
  .event_destroy = cudajit_gpu_event_destroy,
  .event_record = cudajit_gpu_event_record,
  .event_synchronize = cudajit_gpu_event_synchronize,
  .event_query = cudajit_gpu_event_query,
  .event_elapsed_ms = cudajit_gpu_event_elapsed_ms,
  .launch_kernel = cudajit_gpu_launch_kernel,
  .config_fits = cudajit_gpu_config_fits,
  .resident_blocks = cudajit_gpu_resident_blocks,
  .best_block = cudajit_gpu_best_block,
  .detect = cudajit_gpu_detect,
  .device_properties = cudajit_gpu_device_properties,
  .memory_info = cudajit_gpu_memory_info,
  .ipc_share = cudajit_gpu_ipc_share,
  .ipc_open = cudajit_gpu_ipc_open,
  .ipc_close = cudajit_gpu_ipc_close,
};

static const struct cudajit_backend_ops cpu_backend = {
  .gpu = false,
  .where = "the CPU backend",
  .allocate = cudajit_cpu_allocate,
  .memory_name = cudajit_cpu_memory_name,
  .release = cudajit_cpu_release,
  .release_quietly = cudajit_cpu_release_quietly,
  .copy = cudajit_cpu_copy,
  .copy_device = cudajit_cpu_copy_device,
  .memset = cudajit_cpu_memset,
  .pin = cudajit_cpu_pin,
  .unpin = cudajit_cpu_unpin,
  .synchronize = cudajit_cpu_synchronize,
  .copy_symbol = cudajit_cpu_copy_symbol,
  .stream_create = cudajit_cpu_stream_create,
  .stream_destroy = cudajit_cpu_stream_destroy,
  .stream_synchronize = cudajit_cpu_stream_synchronize,
  .stream_wait_event = cudajit_cpu_stream_wait_event,
  .stream_add_callback = cudajit_cpu_stream_add_callback,
  .event_create = cudajit_cpu_event_create,
  .event_destroy = cudajit_cpu_event_destroy,
  .event_record = cudajit_cpu_event_record,
  .event_synchronize = cudajit_cpu_event_synchronize,
  .event_query = cudajit_cpu_event_query,
  .event_elapsed_ms = cudajit_cpu_event_elapsed_ms,
  .launch_kernel = cudajit_cpu_launch_kernel,
  .config_fits = cudajit_cpu_config_fits,
  .resident_blocks = cudajit_cpu_resident_blocks,
  .best_block = cudajit_cpu_best_block,
  .detect = cudajit_cpu_detect,
  .device_properties = cudajit_cpu_device_properties,
  .memory_info = cudajit_cpu_memory_info,
  .ipc_share = cudajit_cpu_ipc_share,
  .ipc_open = cudajit_cpu_ipc_open,
  .ipc_close = cudajit_cpu_ipc_close,
};

const struct cudajit_backend_ops *
cudajit_backend_ops (void)
{
  return cudajit_gpu_p () ? &gpu_backend : &cpu_backend;
}
