#pragma once
// numpy 1.x's np.argsort(v) (kind='quicksort': introsort with median-of-3 partitions, insertion sort below
// 16 elements and heapsort past the depth limit), ported from npysort/quicksort.cpp and heapsort.cpp, so
// equal keys come out in the same order as in the reference trainer (Ultralytics sorts with numpy: the
// detections of mAP, the pairs of matching, the images of rectangular batches). Checked against numpy 1.24
// on random arrays with many ties (float32, float64, int), the heapsort fallback against kind='heapsort'.
// Header-only (templates); plain C++, any thread.

#include <cstdint>
#include <numeric>
#include <utility>
#include <vector>

namespace ys::np {

namespace detail {

// numpy's `a < b` for sorting (NaN sorts last).
template <typename T>
inline bool less(T a, T b)
{
    return a < b || (b != b && a == a);
}

template <typename T>
void siftDown(const std::vector<T>& v, int64_t* a, int64_t i, int64_t n)
{
    const int64_t tmp = a[i];
    for (int64_t j = i << 1; j <= n;) {
        if (j < n && less(v[a[j]], v[a[j + 1]]))
            ++j;
        if (!less(v[tmp], v[a[j]]))
            break;
        a[i] = a[j];
        i = j;
        j += j;
    }
    a[i] = tmp;
}

template <typename T>
void heapsortIndices(const std::vector<T>& v, int64_t* tosort, int64_t n)
{
    int64_t* a = tosort - 1;  // 1-based heap
    for (int64_t l = n >> 1; l > 0; --l)
        siftDown(v, a, l, n);
    while (n > 1) {
        std::swap(a[n], a[1]);
        --n;
        siftDown(v, a, 1, n);
    }
}

}  // namespace detail

// The indices that sort v ascending, in numpy 1.x's order for equal keys.
template <typename T>
std::vector<int64_t> argsort(const std::vector<T>& v)
{
    constexpr int64_t kSmall = 15;  // SMALL_QUICKSORT
    const auto num = static_cast<int64_t>(v.size());
    std::vector<int64_t> idx(v.size());
    std::iota(idx.begin(), idx.end(), int64_t{0});
    if (num < 2)
        return idx;
    struct Span {
        int64_t* pl;
        int64_t* pr;
        int depth;
    };
    std::vector<Span> stack;
    stack.reserve(128);  // PYA_QS_STACK: the larger part waits, so the depth stays below 2 log2(n)
    int64_t* pl = idx.data();
    int64_t* pr = idx.data() + num - 1;
    int cdepth = 0;
    for (uint64_t u = static_cast<uint64_t>(num); u >>= 1;)
        ++cdepth;
    cdepth *= 2;
    for (;;) {
        if (cdepth < 0) {
            detail::heapsortIndices(v, pl, pr - pl + 1);
        } else {
            while (pr - pl > kSmall) {
                int64_t* pm = pl + ((pr - pl) >> 1);
                if (detail::less(v[*pm], v[*pl]))
                    std::swap(*pm, *pl);
                if (detail::less(v[*pr], v[*pm]))
                    std::swap(*pr, *pm);
                if (detail::less(v[*pm], v[*pl]))
                    std::swap(*pm, *pl);
                const T vp = v[*pm];
                int64_t* pi = pl;
                int64_t* pj = pr - 1;
                std::swap(*pm, *pj);
                for (;;) {
                    do
                        ++pi;
                    while (detail::less(v[*pi], vp));
                    do
                        --pj;
                    while (detail::less(vp, v[*pj]));
                    if (pi >= pj)
                        break;
                    std::swap(*pi, *pj);
                }
                std::swap(*pi, *(pr - 1));
                // The larger part waits on the stack.
                --cdepth;
                if (pi - pl < pr - pi) {
                    stack.push_back({pi + 1, pr, cdepth});
                    pr = pi - 1;
                } else {
                    stack.push_back({pl, pi - 1, cdepth});
                    pl = pi + 1;
                }
            }
            for (int64_t* pi = pl + 1; pi <= pr; ++pi) {
                const int64_t vi = *pi;
                const T vv = v[vi];
                int64_t* pj = pi;
                while (pj > pl && detail::less(vv, v[*(pj - 1)])) {
                    *pj = *(pj - 1);
                    --pj;
                }
                *pj = vi;
            }
        }
        if (stack.empty())
            break;
        pl = stack.back().pl;
        pr = stack.back().pr;
        cdepth = stack.back().depth;
        stack.pop_back();
    }
    return idx;
}

}  // namespace ys::np
