/* SPDX-License-Identifier: MIT */
/* Breadth-first search (Rodinia's bfs): the number of edges from node 0
   to each node of a random directed graph of NODES nodes, each with 1 to
   2 * DEGREE - 1 edges to random nodes (Rodinia's graph1MW_6 has 1 M
   nodes of 6 edges on average), a level at a time (bfs-kernels.h); the
   host launches levels until one finds no new node, reading a flag back
   after each, as Rodinia does, so that its time includes those waits.

     bfs [NODES [DEGREE]]   (1048576, 6)

   Checked, every node's cost, against a breadth-first search on the
   host.  */

#include "rodinia.h"

#include "bfs-kernels.h"

static const char usage[] = "[NODES [DEGREE]]";

struct bfs
{
  int nodes, edge_count;
  int *start, *degree, *edges, *d_start, *d_degree, *d_edges, *d_cost, *d_over;
  char *d_mask, *d_updating, *d_visited;
};

/* The search's start: only node 0 in the frontier, visited, at cost 0,
   the others at -1.  */
static void
setup (void *data)
{
  struct bfs *g = (struct bfs *) data;
  size_t n = g->nodes;
  char *flags = (char *) host_alloc (n);
  int *cost = (int *) host_alloc (n * sizeof *cost);
  memset (flags, 0, n);
  to_device (g->d_updating, flags, n);
  flags[0] = 1;
  to_device (g->d_mask, flags, n);
  to_device (g->d_visited, flags, n);
  for (size_t i = 0; i < n; i++)
    cost[i] = i ? -1 : 0;
  to_device (g->d_cost, cost, n * sizeof *cost);
  free (flags);
  free (cost);
}

static void
run (void *data)
{
  struct bfs *g = (struct bfs *) data;
  int blocks = (g->nodes + BFS_BLOCK - 1) / BFS_BLOCK;
  int over;

  do
    {
      over = 0;
      to_device (g->d_over, &over, sizeof over);
      LAUNCH (bfs_expand, blocks, BFS_BLOCK)
      (g->d_start, g->d_degree, g->d_edges, g->d_mask, g->d_updating,
       g->d_visited, g->d_cost, g->nodes);
      LAUNCH (bfs_update, blocks, BFS_BLOCK)
      (g->d_mask, g->d_updating, g->d_visited, g->d_over, g->nodes);
      to_host (&over, g->d_over, sizeof over);
    }
  while (over);
}

int
main (int argc, char **argv)
{
  struct bfs g;
  g.nodes = int_argument (argc, argv, 1, 1048576, 1, usage);
  int mean_degree = int_argument (argc, argv, 2, 6, 1, usage);
  size_t n = g.nodes;
  g.start = (int *) host_alloc (n * sizeof (int));
  g.degree = (int *) host_alloc (n * sizeof (int));
  g.edge_count = 0;
  for (size_t i = 0; i < n; i++)
    {
      g.start[i] = g.edge_count;
      g.degree[i] = 1 + (int) (random_u32 () % (2 * mean_degree - 1));
      g.edge_count += g.degree[i];
    }
  g.edges = (int *) host_alloc ((size_t) g.edge_count * sizeof (int));
  for (int e = 0; e < g.edge_count; e++)
    g.edges[e] = (int) (random_u32 () % n);
  g.d_start = (int *) device_alloc (n * sizeof (int));
  g.d_degree = (int *) device_alloc (n * sizeof (int));
  g.d_edges = (int *) device_alloc ((size_t) g.edge_count * sizeof (int));
  g.d_cost = (int *) device_alloc (n * sizeof (int));
  g.d_over = (int *) device_alloc (sizeof (int));
  g.d_mask = (char *) device_alloc (n);
  g.d_updating = (char *) device_alloc (n);
  g.d_visited = (char *) device_alloc (n);
  to_device (g.d_start, g.start, n * sizeof (int));
  to_device (g.d_degree, g.degree, n * sizeof (int));
  to_device (g.d_edges, g.edges, (size_t) g.edge_count * sizeof (int));

  time_runs ("bfs", setup, run, &g);

  int *got = (int *) host_alloc (n * sizeof (int));
  int *want = (int *) host_alloc (n * sizeof (int));
  int *queue = (int *) host_alloc (n * sizeof (int));
  to_host (got, g.d_cost, n * sizeof (int));
  for (size_t i = 0; i < n; i++)
    want[i] = -1;
  want[0] = 0;
  queue[0] = 0;
  for (size_t head = 0, tail = 1; head < tail; head++)
    {
      int u = queue[head];
      for (int e = g.start[u]; e < g.start[u] + g.degree[u]; e++)
        if (want[g.edges[e]] < 0)
          {
            want[g.edges[e]] = want[u] + 1;
            queue[tail++] = g.edges[e];
          }
    }
  long mismatches = 0;
  double worst = 0;
  for (size_t i = 0; i < n; i++)
    if (got[i] != want[i])
      {
        mismatches++;
        worst = fmax (worst, fabs ((double) got[i] - want[i]));
      }
  device_free (g.d_start);
  device_free (g.d_degree);
  device_free (g.d_edges);
  device_free (g.d_cost);
  device_free (g.d_over);
  device_free (g.d_mask);
  device_free (g.d_updating);
  device_free (g.d_visited);
  free (got);
  free (want);
  free (queue);
  free (g.start);
  free (g.degree);
  free (g.edges);
  return verdict ("bfs", mismatches, worst);
}
