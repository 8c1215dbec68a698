#include "ui/export/exportresultdialog.h"

#include "ui/common/bytes.h"

#include <QApplication>
#include <QClipboard>
#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QUrl>
#include <QVBoxLayout>

namespace ys::ui {
namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

}  // namespace

ExportResultDialog::ExportResultDialog(const ys::ExportSummary& summary, QWidget* parent)
    : QDialog(parent), s_(summary)
{
    setObjectName(QStringLiteral("ExportResultDialog"));
    auto value = [this](const char* name) {
        auto* l = new QLabel(this);
        l->setObjectName(QLatin1String(name));
        l->setWordWrap(true);
        l->setTextFormat(Qt::PlainText);   // paths and class names come from the user's files
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
        return l;
    };
    fileValue_ = value("fileValue");
    inputValue_ = value("inputValue");
    outputValue_ = value("outputValue");
    classesValue_ = value("classesValue");
    checkedValue_ = value("checkedValue");
    usageLabel_ = new QLabel(this);
    usageText_ = new QPlainTextEdit(this);
    usageText_->setObjectName(QStringLiteral("usageText"));
    usageText_->setReadOnly(true);
    usageText_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    usageText_->setLineWrapMode(QPlainTextEdit::NoWrap);
    usageText_->setMinimumSize(760, 170);
    copyButton_ = new QPushButton(this);
    buttons_ = new QDialogButtonBox(QDialogButtonBox::Close, this);
    openFolderButton_ = buttons_->addButton(QString(), QDialogButtonBox::ActionRole);

    form_ = new QFormLayout;
    for (QLabel* v : {fileValue_, inputValue_, outputValue_, classesValue_, checkedValue_})
        form_->addRow(QString(), v);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form_);
    layout->addWidget(usageLabel_);
    layout->addWidget(usageText_, 1);
    auto* copyRow = new QHBoxLayout;
    copyRow->addStretch();
    copyRow->addWidget(copyButton_);
    layout->addLayout(copyRow);
    layout->addWidget(buttons_);

    connect(copyButton_, &QPushButton::clicked, this, [this] { QApplication::clipboard()->setText(usage()); });
    connect(openFolderButton_, &QPushButton::clicked, this, [this] {
        QDesktopServices::openUrl(QUrl::fromLocalFile(QFileInfo(qs(s_.path)).absolutePath()));
    });
    connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);
    retranslate();
}

QString ExportResultDialog::usage() const { return usageText_->toPlainText(); }

void ExportResultDialog::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

void ExportResultDialog::retranslate()
{
    setWindowTitle(tr("Model exported"));
    const QString file = QDir::toNativeSeparators(qs(s_.path));
    const QStringList labels{tr("File:"), tr("Input:"), tr("Output:"), tr("Classes:"), tr("Checked:")};
    for (int i = 0; i < labels.size(); ++i)
        if (auto* item = form_->itemAt(i, QFormLayout::LabelRole); item && item->widget())
            static_cast<QLabel*>(item->widget())->setText(labels[i]);
        else
            form_->setWidget(i, QFormLayout::LabelRole, new QLabel(labels[i], this));

    fileValue_->setText(tr("%1 (%2, %3 from %4, %5 s)")
                            .arg(file, formatBytes(s_.bytes), qs(s_.model),
                                 QFileInfo(qs(s_.weights)).fileName(), QString::number(s_.seconds, 'f', 1)));
    inputValue_->setText(tr("%1, %2 %3: RGB scaled to 0..1, letterboxed with grey (114) to %4 x %5 px")
                             .arg(qs(s_.inputName), qs(s_.elementType), qs(s_.inputShape))
                             .arg(s_.imgszW)
                             .arg(s_.imgszH));
    if (s_.endToEnd)
        outputValue_->setText(tr("%1, %2 %3: per image its best detections (k = %4), each x1, y1, x2, y2 in input "
                                 "pixels, score, class, best first; no NMS needed (keep the rows above your "
                                 "threshold). Its top-k needs ONNX Runtime: OpenCV 4.6 cannot run it")
                                  .arg(qs(s_.outputName), qs(s_.elementType), qs(s_.outputShape))
                                  .arg(s_.rows) +
                              (s_.agnosticNms ? tr(". One row per box, its best class (class-agnostic)") : QString()));
    else
        outputValue_->setText(tr("%1, %2 %3: per anchor cx, cy, w, h in input pixels, then %n class score(s) "
                                 "(sigmoid); no NMS",
                                 nullptr, static_cast<int>(s_.names.size()))
                                  .arg(qs(s_.outputName), qs(s_.elementType), qs(s_.outputShape)));
    QStringList names;
    for (size_t i = 0; i < s_.names.size(); ++i)
        names << QStringLiteral("%1 %2").arg(i).arg(qs(s_.names[i]));
    classesValue_->setText(names.join(QStringLiteral(", ")));
    QString checked = tr("ONNX's checker and strict shape inference passed (opset %1).").arg(s_.opset);
    if (s_.openCvChecked && s_.endToEnd)
        checked += QLatin1Char(' ') + tr("OpenCV %1 runs the graph up to its top-k and matches the trained model "
                                         "(boxes within %2 px); the top-k itself is checked by ONNX's checker only.")
                                          .arg(qs(s_.openCvVersion), QString::number(s_.maxAbsDiff, 'g', 2));
    else if (s_.openCvChecked)
        checked += QLatin1Char(' ') + tr("OpenCV %1 runs it and matches the trained model (boxes within %2 px).")
                                          .arg(qs(s_.openCvVersion), QString::number(s_.maxAbsDiff, 'g', 2));
    else if (s_.dynamic)
        checked += QLatin1Char(' ') + tr("Not run in OpenCV: OpenCV 4.6 reads files with fixed shapes only.");
    checkedValue_->setText(checked);
    usageLabel_->setText(tr("Use it:"));
    const QString name = QFileInfo(file).fileName();
    QString text;
    if (!s_.dynamic && !s_.endToEnd)
        text += QStringLiteral("// OpenCV (C++); the README's \"Export for deployment\" has the whole example\n"
                               "cv::dnn::Net net = cv::dnn::readNetFromONNX(\"%1\");\n"
                               "net.setInput(cv::dnn::blobFromImage(letterboxed, 1.0 / 255, cv::Size(), cv::Scalar(), true));\n"
                               "cv::Mat out = net.forward();   // %2\n\n")
                    .arg(name, qs(s_.outputShape));
    text += QStringLiteral("# ONNX Runtime (Python)\n"
                           "session = onnxruntime.InferenceSession(\"%1\")\n"
                           "out = session.run(None, {\"images\": letterboxed_rgb_0_1})[0]   # %2\n%3\n")
                .arg(name, qs(s_.outputShape),
                     s_.endToEnd ? QStringLiteral("# each row x1, y1, x2, y2, score, class, best first: keep those "
                                                  "above your threshold\n")
                                 : QString());
    if (s_.endToEnd)   // the studio's val and predict run OpenCV, which has no TopK: the .pt's same head
        text += QStringLiteral("# The same one-to-one head in the studio (from the weights; OpenCV cannot run the file)\n"
                               "yolostudio-cli val data=data.yaml weights=\"%1\" nms=false%2\n"
                               "yolostudio-cli predict weights=\"%1\" source=images/ nms=false%2\n")
                    .arg(QDir::toNativeSeparators(qs(s_.weights)),
                         s_.agnosticNms ? QStringLiteral(" agnostic_nms=true") : QString());
    else
        text += QStringLiteral("# Check it with the studio\n"
                               "yolostudio-cli val data=data.yaml weights=\"%1\"\n"
                               "yolostudio-cli predict weights=\"%1\" source=images/\n")
                    .arg(file);
    usageText_->setPlainText(text);
    copyButton_->setText(tr("&Copy"));
    openFolderButton_->setText(tr("Open &Folder"));
}

}  // namespace ys::ui
