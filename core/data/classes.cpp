#include "data/classes.h"

#include <algorithm>

namespace ys {

namespace {

// "5 classes (0 circle ... 4 cross)" / "1 class (0 cat)" / "no classes".
std::string describeClasses(const std::vector<std::string>& names)
{
    const size_t n = names.size();
    if (n == 0)
        return "no classes";
    std::string s = std::to_string(n) + (n == 1 ? " class (0 " : " classes (0 ") + names.front();
    if (n > 1)
        s += (n > 2 ? " ... " : ", ") + std::to_string(n - 1) + " " + names.back();
    return s + ")";
}

}  // namespace

bool ClassSubset::identity() const
{
    for (size_t i = 0; i < kept.size(); ++i)
        if (kept[i] != static_cast<int>(i))
            return false;
    return kept.size() == toNew.size();
}

int ClassSubset::map(int datasetId) const
{
    return datasetId >= 0 && datasetId < static_cast<int>(toNew.size()) ? toNew[static_cast<size_t>(datasetId)] : -1;
}

Expected<ClassSubset> makeClassSubset(const std::vector<int>& classes, const std::vector<std::string>& datasetNames,
                                      const std::string& source)
{
    const int nc = static_cast<int>(datasetNames.size());
    std::vector<int> kept = classes;
    std::sort(kept.begin(), kept.end());
    kept.erase(std::unique(kept.begin(), kept.end()), kept.end());
    if (kept.empty())
        for (int i = 0; i < nc; ++i)
            kept.push_back(i);
    for (int id : kept)
        if (id < 0 || id >= nc) {
            std::string list;
            for (int k : kept)
                list += (list.empty() ? "" : ", ") + std::to_string(k);
            return Error{"config.classes",
                         "classes=[" + list + "]: class " + std::to_string(id) + " does not exist; the dataset has " +
                             describeClasses(datasetNames),
                         source, 0, 0};
        }
    if (kept.empty())
        return Error{"config.classes", "the dataset has no classes to train on", source, 0, 0};
    ClassSubset s;
    s.kept = std::move(kept);
    s.toNew.assign(static_cast<size_t>(nc), -1);
    for (size_t i = 0; i < s.kept.size(); ++i) {
        s.toNew[static_cast<size_t>(s.kept[i])] = static_cast<int>(i);
        s.names.push_back(datasetNames[static_cast<size_t>(s.kept[i])]);
    }
    return s;
}

int64_t applyClassSubset(const ClassSubset& subset, std::vector<ImageRecord>& images)
{
    int64_t dropped = 0;
    for (ImageRecord& r : images) {
        auto out = r.boxes.begin();
        for (const LabelBox& b : r.boxes) {
            const int id = subset.map(b.cls);
            if (id < 0) {
                ++dropped;
                continue;
            }
            *out = b;
            out->cls = id;
            ++out;
        }
        r.boxes.erase(out, r.boxes.end());
    }
    return dropped;
}

}  // namespace ys
