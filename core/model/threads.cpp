#include "model/internal/threads.h"

#include <ATen/Context.h>
#include <ATen/Parallel.h>

#include <algorithm>
#include <thread>

namespace ys {

int configureIntraOpThreads(int requested)
{
    const int n = requested > 0 ? requested : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    at::set_num_threads(n);
    // One chunk per thread of the pool: at::parallel_for hands a range of n items to n threads one each.
    at::parallel_for(0, at::get_num_threads(), 1, [](int64_t, int64_t) { at::globalContext().setFlushDenormal(true); });
    at::globalContext().setFlushDenormal(true);
    return at::get_num_threads();
}

}  // namespace ys
