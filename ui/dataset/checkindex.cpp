#include "ui/dataset/checkindex.h"

#include <algorithm>
#include <map>

namespace ys::ui {

const CheckIndex::Code* CheckIndex::find(const std::string& code) const
{
    const auto it = std::lower_bound(codes.begin(), codes.end(), code,
                                     [](const Code& c, const std::string& k) { return c.code < k; });
    return it != codes.end() && it->code == code ? &*it : nullptr;
}

CheckIndex buildCheckIndex(const ys::Dataset& dataset, const ys::CheckResult& result)
{
    CheckIndex index;
    const size_t n = dataset.images.size();
    index.problems.resize(n);
    index.worstSeverity.assign(n, -1);
    for (size_t i = 0; i < n; ++i)
        index.problems[i] = dataset.images[i].problems;
    std::map<std::string, CheckIndex::Code> codes;
    for (const ys::Finding& f : result.findings) {
        if (f.image < 0 || static_cast<size_t>(f.image) >= n)
            continue;
        int8_t& w = index.worstSeverity[static_cast<size_t>(f.image)];
        const auto s = static_cast<int8_t>(f.severity);
        if (w < 0 || s < w)
            w = s;
        auto [it, fresh] = codes.try_emplace(f.code);
        CheckIndex::Code& c = it->second;
        if (fresh) {
            c.code = f.code;
            c.worst = f.severity;
        }
        c.worst = std::min(c.worst, f.severity);
        c.images.push_back(f.image);
    }
    for (auto& [code, c] : codes) {
        std::sort(c.images.begin(), c.images.end());
        c.images.erase(std::unique(c.images.begin(), c.images.end()), c.images.end());
        index.codes.push_back(std::move(c));
    }
    for (int8_t w : index.worstSeverity)
        if (w >= 0 && w <= static_cast<int8_t>(ys::Severity::Warning))
            ++index.withErrorsOrWarnings;
    for (uint32_t flag = 1; flag != 0 && flag <= ys::ProblemMixed; flag <<= 1) {
        const auto images = std::count_if(index.problems.begin(), index.problems.end(),
                                          [flag](uint32_t p) { return (p & flag) != 0; });
        if (images > 0)
            index.categories.push_back({flag, static_cast<int>(images)});
    }
    return index;
}

}  // namespace ys::ui
