#pragma once
// The translated words of a label review (issue 28): a suspect's kind and its reason, built from the
// suspect's codes and numbers (core's English `reason` is for the CLI only), and a review error.

#include "common/error.h"
#include "review/review.h"

#include <QCoreApplication>
#include <QString>

namespace ys::ui {

class ReviewText final {
    Q_DECLARE_TR_FUNCTIONS(ys::ui::ReviewText)
public:
    static QString kind(ys::SuspectKind kind);
    static QString className(const ys::ReviewResult& result, int cls);
    // One line: what the model saw and why the label is suspected ("Predicted 'circle' (0.91) where the label
    // says 'square'").
    static QString reason(const ys::ReviewResult& result, const ys::Suspect& suspect);
    static QString split(ys::ReviewSplit split);
    // A review or an export of fixes that failed, in the user's words (the file named where there is one).
    static QString error(const ys::Error& error);
};

}  // namespace ys::ui
