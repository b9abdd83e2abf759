/* The attributes of Numba's Device beyond the launch limits: what a
   multiprocessor holds, the L2 cache, the features, and where the GPU
   sits, its PCI bus id and UUID as nvidia-smi writes them.  On a GPU they
   agree with each other and with the limits; on the CPU backend they are
   the backend's, with no PCI bus id or UUID.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

int
main (void)
{
  struct cuda_device_properties p
      = cuda_device_properties (cuda_current_device ());
  int gpu = cuda_is_available (), errors = 0;
  unsigned int domain, bus, device, function;
  char end;

  printf ("%d threads and %d blocks a multiprocessor, %d shared bytes, "
          "%d L2 bytes; concurrent %d, cooperative %d, managed %d, mapped "
          "%d\n",
          p.max_threads_per_multiprocessor, p.max_blocks_per_multiprocessor,
          p.shared_memory_per_multiprocessor, p.l2_cache_bytes,
          p.concurrent_kernels, p.cooperative_launch, p.managed_memory,
          p.can_map_host_memory);
  errors += p.max_threads_per_multiprocessor < p.max_threads_per_block
            || p.max_threads_per_multiprocessor % p.warp_size != 0;
  errors += p.max_blocks_per_multiprocessor < 1
            || p.max_blocks_per_multiprocessor
                   > p.max_threads_per_multiprocessor;
  errors += (size_t) p.shared_memory_per_multiprocessor
            < p.shared_memory_per_block;
  errors += p.l2_cache_bytes < 0;
  /* What cudajit's own features need.  */
  errors += !p.cooperative_launch || !p.managed_memory
            || !p.can_map_host_memory;
  if (gpu)
    {
      printf ("PCI %s, UUID %s\n", p.pci_bus_id, p.uuid);
      errors += sscanf (p.pci_bus_id, "%x:%x:%x.%x%c", &domain, &bus, &device,
                        &function, &end)
                    != 4
                || domain != (unsigned int) p.pci_domain_id
                || bus != (unsigned int) p.pci_bus
                || device != (unsigned int) p.pci_device;
      errors += strncmp (p.uuid, "GPU-", 4) != 0 || strlen (p.uuid) != 40
                || strspn (p.uuid + 4, "0123456789abcdef-") != 36;
    }
  else
    {
      puts ("PCI none, UUID none");
      errors += p.pci_bus_id[0] || p.uuid[0] || p.pci_bus || p.pci_device
                || p.pci_domain_id || p.concurrent_kernels;
    }
  printf ("device properties: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "\[0-9\]+ threads and \[0-9\]+ blocks a multiprocessor, \[0-9\]+ shared bytes, \[0-9\]+ L2 bytes; concurrent \[01\], cooperative 1, managed 1, mapped 1\n" } */
/* { dg-output "PCI (none|\[0-9a-fA-F\]+:\[0-9a-fA-F\]+:\[0-9a-fA-F\]+\\.\[0-9a-fA-F\]+), UUID (none|GPU-\[0-9a-f-\]+)\n" } */
/* { dg-output "device properties: 0 errors" } */
/* { dg-cudajit-levels all } */
