#include "injectionmatch.h"

#include <algorithm>
#include <cstdio>
#include <map>

namespace ys::test {

std::string InjectionScore::summary() const
{
    char text[200];
    std::snprintf(text, sizeof text, "top %zu of %zu suspects: removed %d/%d, swapped %d/%d, shifted %d/%d, all %d/%d",
                  top, suspects, found[0], total[0], found[1], total[1], found[2], total[2], foundAll(), injected());
    return text;
}

InjectionScore matchInjections(const std::vector<Injection>& injections, const std::vector<ReviewImage>& images,
                               const std::vector<Suspect>& suspects)
{
    InjectionScore score;
    score.suspects = suspects.size();
    score.top = std::min(suspects.size(), injections.size());
    std::map<std::string, int> imageIndex;
    for (size_t i = 0; i < images.size(); ++i)
        imageIndex[images[i].image] = static_cast<int>(i);
    for (const Injection& inj : injections) {
        const int k = static_cast<int>(inj.kind);
        ++score.total[k];
        const auto it = imageIndex.find(inj.image);
        if (it == imageIndex.end())
            continue;
        const ReviewBox original{static_cast<float>(inj.cx - inj.w / 2), static_cast<float>(inj.cy - inj.h / 2),
                                 static_cast<float>(inj.cx + inj.w / 2), static_cast<float>(inj.cy + inj.h / 2)};
        for (size_t r = 0; r < score.top; ++r) {
            const Suspect& s = suspects[r];
            const bool hit = inj.kind == InjectedKind::Removed
                                 ? s.image == it->second && s.kind == SuspectKind::MissingLabel && reviewIou(s.box, original) >= 0.5f
                                 : s.image == it->second && s.line == inj.line;
            if (hit) {
                ++score.found[k];
                break;
            }
        }
    }
    return score;
}

}  // namespace ys::test
