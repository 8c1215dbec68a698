#pragma once
// How many of the mistakes corruptDataset injected a label review found in its top N (N = the number injected):
// the measure of issue 28, shared by test_review and bench/review/review_protocol.

#include "labelcorrupt.h"
#include "review/review.h"

#include <string>
#include <vector>

namespace ys::test {

struct InjectionScore {
    int found[3] = {};   // by InjectedKind
    int total[3] = {};
    size_t top = 0;      // N: the suspects looked at
    size_t suspects = 0;
    int foundAll() const { return found[0] + found[1] + found[2]; }
    int injected() const { return total[0] + total[1] + total[2]; }
    std::string summary() const;  // "top 174 of 276 suspects: removed 40/58, swapped 48/58, shifted 45/58, all 133/174"
};

// A removed box is found by a missing-label suspect on its image at IoU >= 0.5 with the removed box; a swapped
// or shifted one by any suspect on its image's label line. `images` are the reviewed images (Suspect::image
// indexes them); an injection on an image not among them counts as not found.
InjectionScore matchInjections(const std::vector<Injection>& injections, const std::vector<ReviewImage>& images,
                               const std::vector<Suspect>& suspects);

}  // namespace ys::test
