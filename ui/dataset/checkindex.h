#pragma once
// What the Dataset page needs from a finished check, built once on the pool thread that ran the check (never
// on the GUI thread, and never again by a view): per image its problem flags and worst severity, and how many
// images each filter of the Findings combo would show.

#include "common/severity.h"
#include "data/check.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ys::ui {

struct CheckIndex {
    std::vector<uint32_t> problems;      // per image: ProblemFlag bit set
    std::vector<int8_t> worstSeverity;   // per image: -1 = no finding, else the most severe ys::Severity
    int withErrorsOrWarnings = 0;        // images whose worst finding is an error or a warning
    struct Category {
        uint32_t flag = 0;               // one ProblemFlag
        int images = 0;                  // images with the flag
    };
    std::vector<Category> categories;    // flags with images, in ProblemFlag order
    struct Code {
        std::string code;                // a finding code
        ys::Severity worst = ys::Severity::Info;  // its most severe finding
        std::vector<int> images;         // distinct images with a finding of this code, ascending
    };
    std::vector<Code> codes;             // codes with images, by code

    // The entry of `code`, nullptr when no image has it.
    const Code* find(const std::string& code) const;
};

// Builds the index of `result` for `dataset` (which the check has just flagged). Any thread.
CheckIndex buildCheckIndex(const ys::Dataset& dataset, const ys::CheckResult& result);

}  // namespace ys::ui
