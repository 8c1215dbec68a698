#pragma once
// Resume a run from the Runs page: the keys core lets a resumed run change (ys::resumableKeys(): epochs,
// batch, device, workers, amp, patience, threads, vram) with the run's values, each checked as typed by
// TrainConfig::trySet() and problems() (labels, help and reasons translated by ui/config/configtext); OK hands a ResumeRequest to the shell, which opens the Train page with
// the run loaded for resume. planResume() is the same without the dialog (tests, the page's plain Resume).

#include "common/error.h"
#include "run/reader.h"
#include "ui/common/resumerequest.h"

#include <QDialog>
#include <QMap>
#include <QString>

#include <vector>

class QDialogButtonBox;
class QFormLayout;
class QLabel;

namespace ys::ui {

struct ResumePlan {
    ResumeRequest request;
    std::vector<ys::Error> errors;   // empty: the request can go; else code "config.<key>" per problem
    // The config problems among `errors` as codes with arguments (the dialog translates them with
    // ui/config's problemText); a key that may not change on resume is in `errors` only.
    std::vector<ys::ConfigProblem> problems;
};

// The request to resume `record` with `values` (key → text as TrainConfig::set() reads it, e.g.
// {"batch", "8"}) changed. A key that is not resumable, a value set() rejects and whatever validate() says
// about the result are errors; a run that is not resumable is one error ("run.not_resumable").
ResumePlan planResume(const ys::RunRecord& record, const QMap<QString, QString>& values);

class ResumeDialog final : public QDialog {
    Q_OBJECT
public:
    explicit ResumeDialog(const ys::RunRecord& record, QWidget* parent = nullptr);

    // The values as typed now (every resumable key).
    QMap<QString, QString> values() const;
    // Sets one field as if typed (tests).
    void setValue(const QString& key, const QString& value);
    // The plan for the values shown (valid when errors is empty; OK is enabled then).
    const ResumePlan& plan() const { return plan_; }
    QString errorText(const QString& key) const;
    QWidget* editor(const QString& key) const;

protected:
    void changeEvent(QEvent* event) override;

private:
    struct Field {
        QString key;
        QLabel* label = nullptr;
        QWidget* editor = nullptr;
        QLabel* error = nullptr;
    };
    void retranslate();
    void update();
    QString text(const Field& f) const;

    ys::RunRecord record_;
    std::vector<Field> fields_;
    ResumePlan plan_;
    QLabel* intro_ = nullptr;
    QDialogButtonBox* buttons_ = nullptr;
};

}  // namespace ys::ui
