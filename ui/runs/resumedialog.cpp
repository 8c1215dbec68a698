#include "ui/runs/resumedialog.h"

#include "ui/config/configtext.h"
#include "ui/common/runtext.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace ys::ui {

ResumePlan planResume(const ys::RunRecord& record, const QMap<QString, QString>& values)
{
    ResumePlan plan;
    ResumeRequest& req = plan.request;
    req.runDir = QString::fromStdString(record.dir);
    req.runName = QFileInfo(req.runDir).fileName();
    req.config = record.args;
    req.config.resume = record.last.path.empty()
                            ? QDir(req.runDir).filePath(QStringLiteral("weights/last.pt")).toStdString()
                            : record.last.path;
    if (!record.resumable)
        plan.errors.push_back(ys::Error{"run.not_resumable", "this run cannot be resumed", record.dir, 0, 0});
    const std::vector<std::string> resumable = ys::resumableKeys();
    for (auto it = values.begin(); it != values.end(); ++it) {
        const std::string key = it.key().toStdString();
        if (std::find(resumable.begin(), resumable.end(), key) == resumable.end()) {
            plan.errors.push_back(ys::Error{"config." + key, "'" + key + "' cannot change when a run resumes", {}, 0, 0});
            continue;
        }
        const std::optional<std::string> before = req.config.get(key);
        if (auto problem = req.config.trySet(key, it.value().trimmed().toStdString())) {
            plan.errors.push_back(problem->toError());
            plan.problems.push_back(std::move(*problem));
            continue;
        }
        if (req.config.get(key) != before)
            req.changedKeys << it.key();
    }
    for (ys::ConfigProblem& p : req.config.problems()) {
        plan.errors.push_back(p.toError());
        plan.problems.push_back(std::move(p));
    }
    return plan;
}

ResumeDialog::ResumeDialog(const ys::RunRecord& record, QWidget* parent) : QDialog(parent), record_(record)
{
    setObjectName(QStringLiteral("ResumeDialog"));
    auto* layout = new QVBoxLayout(this);
    intro_ = new QLabel(this);
    intro_->setWordWrap(true);
    layout->addWidget(intro_);
    auto* form = new QFormLayout;
    layout->addLayout(form);
    for (const std::string& key : ys::resumableKeys()) {
        const ys::ConfigKey* k = ys::findConfigKey(key);
        if (!k)
            continue;
        Field f;
        f.key = QString::fromStdString(key);
        f.label = new QLabel(f.key, this);
        const QString value = QString::fromStdString(record.args.get(key).value_or(std::string()));
        if (k->type == ys::ConfigKey::Type::Choice) {
            auto* combo = new QComboBox(this);
            for (const std::string& c : k->choices)
                combo->addItem(QString::fromStdString(c));
            combo->setCurrentText(value);
            connect(combo, &QComboBox::currentTextChanged, this, &ResumeDialog::update);
            f.editor = combo;
        } else {
            auto* edit = new QLineEdit(value, this);
            connect(edit, &QLineEdit::textChanged, this, &ResumeDialog::update);
            f.editor = edit;
        }
        f.editor->setObjectName(f.key);
        f.error = new QLabel(this);
        f.error->setStyleSheet(QStringLiteral("color: #d32f2f"));
        f.error->setWordWrap(true);
        f.error->hide();
        auto* cell = new QVBoxLayout;
        cell->setSpacing(2);
        cell->addWidget(f.editor);
        cell->addWidget(f.error);
        form->addRow(f.label, cell);
        fields_.push_back(f);
    }
    buttons_ = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons_, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons_);
    retranslate();
    update();
}

QString ResumeDialog::text(const Field& f) const
{
    if (auto* combo = qobject_cast<QComboBox*>(f.editor))
        return combo->currentText();
    return static_cast<QLineEdit*>(f.editor)->text();
}

QMap<QString, QString> ResumeDialog::values() const
{
    QMap<QString, QString> out;
    for (const Field& f : fields_)
        out.insert(f.key, text(f));
    return out;
}

void ResumeDialog::setValue(const QString& key, const QString& value)
{
    for (const Field& f : fields_)
        if (f.key == key) {
            if (auto* combo = qobject_cast<QComboBox*>(f.editor))
                combo->setCurrentText(value);
            else
                static_cast<QLineEdit*>(f.editor)->setText(value);
        }
}

QString ResumeDialog::errorText(const QString& key) const
{
    for (const Field& f : fields_)
        if (f.key == key)
            return f.error->isHidden() ? QString() : f.error->text();
    return {};
}

QWidget* ResumeDialog::editor(const QString& key) const
{
    for (const Field& f : fields_)
        if (f.key == key)
            return f.editor;
    return nullptr;
}

void ResumeDialog::update()
{
    plan_ = planResume(record_, values());
    for (Field& f : fields_) {
        QStringList why;
        const std::string key = f.key.toStdString();
        for (const ys::ConfigProblem& p : plan_.problems)
            if (p.key == key)
                why << problemText(p);
        f.error->setText(why.join(QLatin1Char('\n')));
        f.error->setVisible(!why.isEmpty());
        QFont font = f.label->font();
        font.setBold(plan_.request.changedKeys.contains(f.key));
        f.label->setFont(font);
    }
    buttons_->button(QDialogButtonBox::Ok)->setEnabled(plan_.errors.empty());
}

void ResumeDialog::retranslate()
{
    const ys::RunSummary& s = record_.summary;
    setWindowTitle(tr("Resume %1").arg(QString::fromStdString(s.name)));
    intro_->setText(tr("%1 stopped after epoch %2 of %3. Training continues from weights/last.pt with the run's "
                       "own settings; these may change (changed ones are bold):")
                        .arg(QString::fromStdString(s.name))
                        .arg(s.epochsDone)
                        .arg(s.epochsTotal));
    buttons_->button(QDialogButtonBox::Ok)->setText(tr("Resume on the Train page"));
    for (Field& f : fields_) {
        f.label->setText(tr("%1 (%2)").arg(keyLabel(f.key), f.key));
        f.editor->setToolTip(keyHelp(f.key));
    }
    update();
}

void ResumeDialog::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

}  // namespace ys::ui
