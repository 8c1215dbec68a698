#pragma once
// The fit a run was started with (fit.json, written when batch=auto): the recommendation, the budget and
// the predicted peak, the margin and certainty, the probe, the memory breakdown and the model-scale table,
// read through core's fitResultFromJson and shown as text. GUI thread only.

#include "common/error.h"
#include "fit/fit.h"

#include <QWidget>

#include <optional>
#include <string>

class QTextBrowser;

namespace ys::ui {

class RunFitView final : public QWidget {
    Q_OBJECT
public:
    explicit RunFitView(QWidget* parent = nullptr);

    // fit.json's text (RunRecord::fitJson); empty = the run has none (it was not started with batch=auto).
    void setFitJson(const std::string& text, const std::string& source);
    void clear();
    bool hasFit() const { return result_.has_value(); }
    const std::optional<ys::fit::FitResult>& result() const { return result_; }
    // The error when fit.json could not be read.
    const std::optional<ys::Error>& error() const { return error_; }
    // The fit as the view shows it (HTML fragment: headings h3/h4, tables, notes), every string escaped;
    // the training report embeds the same text.
    static QString html(const ys::fit::FitResult& result);
    // What the view shows, as plain text (tests).
    QString plainText() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void render();

    QTextBrowser* text_;
    bool present_ = false;
    std::optional<ys::fit::FitResult> result_;
    std::optional<ys::Error> error_;
};

}  // namespace ys::ui
