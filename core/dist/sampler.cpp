#include "dist/sampler.h"

#include <algorithm>

namespace ys::dist {

int paddedLength(int images, int world)
{
    world = std::max(1, world);
    return (images + world - 1) / world * world;
}

std::vector<ShardBatch> shardBatches(int images, int batch, int rank, int world)
{
    world = std::max(1, world);
    batch = std::max(1, batch);
    const int n = paddedLength(images, world);
    const int worldBatch = batch * world;
    std::vector<ShardBatch> out;
    for (int lo = 0, k = 0; lo < n; lo += worldBatch, ++k) {
        const int size = std::min(worldBatch, n - lo);   // a multiple of world: n and worldBatch are
        const int slice = size / world;
        out.push_back({lo + rank * slice, lo + (rank + 1) * slice, k});
    }
    return out;
}

std::vector<int> paddedOrder(const std::vector<int>& order, int world)
{
    std::vector<int> out = order;
    const int n = paddedLength(static_cast<int>(order.size()), world);
    for (int i = static_cast<int>(order.size()); i < n && !order.empty(); ++i)
        out.push_back(order[static_cast<size_t>(i) % order.size()]);
    return out;
}

}  // namespace ys::dist
