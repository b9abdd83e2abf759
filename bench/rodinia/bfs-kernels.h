/* SPDX-License-Identifier: MIT */
/* Breadth-first search's kernels, a level a pair of launches:
   bfs_expand takes each node of the frontier (MASK) off it and gives
   its unvisited neighbours the next cost, marking them in UPDATING;
   bfs_update makes those the next frontier, visited, and sets *OVER
   (to 0 before) while there is one.  A thread a node; the graph is in
   compressed rows: node I's edges are EDGES[START[I]] on, DEGREE[I] of
   them.  Threads that reach a node at once write it the same cost.  */

#define BFS_BLOCK 512

KERNEL
bfs_expand (const int *start, const int *degree, const int *edges, char *mask,
            char *updating, const char *visited, int *cost, int nodes)
{
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid >= nodes || !mask[tid])
    return;
  mask[tid] = 0;
  for (int i = start[tid]; i < start[tid] + degree[tid]; i++)
    {
      int id = edges[i];
      if (!visited[id])
        {
          cost[id] = cost[tid] + 1;
          updating[id] = 1;
        }
    }
}

KERNEL
bfs_update (char *mask, char *updating, char *visited, int *over, int nodes)
{
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid >= nodes || !updating[tid])
    return;
  mask[tid] = 1;
  visited[tid] = 1;
  *over = 1;
  updating[tid] = 0;
}
