#include "ui/config/modelpicker.h"

#include "weights/checkpoint.h"

#include "data/dataset.h"
#include "model/model.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHash>
#include <QLabel>
#include <QLocale>
#include <QMutex>
#include <QSettings>
#include <QStandardItemModel>
#include <QToolButton>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace ys::ui {
namespace {

constexpr int kDefaultClasses = 80;  // COCO's, what the built-in YAMLs say when no dataset is known
// The family list's heading over Ultralytics' current default family (its item data; never a family name).
constexpr const char* kDefaultHeading = "#ultralytics-default";

struct Summary {
    bool ok = false;
    QString name;     // "YOLOv8s"
    qint64 params = 0;
    double gflops = 0;
    int nc = 0;
    int imgsz = 0;
    QString error;    // core's message when !ok
};

// summarizeModel builds the whole model (up to a second for the x scale): keep each answer.
class SummaryCache {
public:
    static SummaryCache& instance()
    {
        static SummaryCache c;
        return c;
    }
    // Runs on a pool thread.
    Summary get(const QString& model, const QString& data, int imgsz)
    {
        int nc = kDefaultClasses;
        if (!data.isEmpty())
            if (auto spec = ys::loadDataYaml(data.toStdString()); spec && spec->nc() > 0)
                nc = spec->nc();
        const QString key = model + QLatin1Char('|') + QString::number(imgsz) + QLatin1Char('|') + QString::number(nc);
        {
            QMutexLocker lock(&mutex_);
            if (auto it = cache_.constFind(key); it != cache_.constEnd())
                return *it;
        }
        Summary s;
        s.nc = nc;
        s.imgsz = imgsz;
        auto r = ys::summarizeModel(model.toStdString(), nc, imgsz);
        if (r) {
            s.ok = true;
            s.name = QString::fromStdString(r->name);
            s.params = r->params;
            s.gflops = r->gflops;
        } else {
            s.error = QString::fromStdString(r.error().message);
        }
        QMutexLocker lock(&mutex_);
        cache_.insert(key, s);
        return s;
    }

private:
    QMutex mutex_;
    QHash<QString, Summary> cache_;
};

const std::vector<ys::BuiltinModel>& builtins()
{
    static const std::vector<ys::BuiltinModel> models = ys::builtinModels();
    return models;
}

const ys::BuiltinModel* findBuiltin(const QString& model)
{
    for (const ys::BuiltinModel& m : builtins())
        if (QString::fromStdString(m.file).compare(model, Qt::CaseInsensitive) == 0)
            return &m;
    return nullptr;
}

bool isDefaultFamily(const QString& family)
{
    for (const ys::BuiltinModel& m : builtins())
        if (m.ultralyticsDefault && QString::fromStdString(m.family) == family)
            return true;
    return false;
}

}  // namespace

ModelPicker::ModelPicker(QWidget* parent) : QWidget(parent)
{
    family_ = new QComboBox(this);
    // As wide as a family's name ("YOLOv8"); a weights file's long name does not widen the setup (its tooltip
    // has the path).
    family_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    family_->setMinimumContentsLength(7);
    addFamilies();
    scaleBox_ = new QWidget(this);
    scaleLayout_ = new QHBoxLayout(scaleBox_);
    scaleLayout_->setContentsMargins(0, 0, 0, 0);
    scaleLayout_->setSpacing(2);
    scales_ = new QButtonGroup(this);
    scales_->setExclusive(true);
    openButton_ = new QToolButton(this);
    summary_ = new QLabel(this);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    summary_->setWordWrap(true);

    // Family and scale on the first line, the summary with "Open file…" under them: the picker stays as narrow
    // as its family and scale buttons, so the setup pane fits a 1280 px window (issue 26).
    auto* row = new QHBoxLayout;
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(family_);
    row->addWidget(scaleBox_);
    row->addStretch(1);
    auto* second = new QHBoxLayout;
    second->setContentsMargins(0, 0, 0, 0);
    second->addWidget(summary_, 1);
    second->addWidget(openButton_, 0, Qt::AlignTop);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(row);
    layout->addLayout(second);

    connect(family_, &QComboBox::activated, this, [this](int index) {
        const QString family = family_->itemData(index).toString();
        if (family.isEmpty() || family == QLatin1String(kDefaultHeading))
            return;  // the "file" entry, or the heading
        // Keep the scale letter when the new family has it.
        const ys::BuiltinModel* current = findBuiltin(model_);
        const ys::BuiltinModel* first = nullptr;
        for (const ys::BuiltinModel& m : builtins()) {
            if (QString::fromStdString(m.family) != family)
                continue;
            if (!first)
                first = &m;
            if (current && m.scale == current->scale) {
                first = &m;
                break;
            }
        }
        if (first)
            pick(QString::fromStdString(first->file));
    });
    connect(scales_, &QButtonGroup::idClicked, this, [this](int id) {
        if (id >= 0 && static_cast<size_t>(id) < builtins().size())
            pick(QString::fromStdString(builtins()[static_cast<size_t>(id)].file));
    });
    connect(openButton_, &QToolButton::clicked, this, &ModelPicker::openFile);
    retranslate();
}

ModelPicker::~ModelPicker() = default;

void ModelPicker::setModel(const QString& model)
{
    if (model == model_)
        return;
    model_ = model;
    showModel();
}

void ModelPicker::setContext(const QString& dataYaml, int imgsz)
{
    if (dataYaml == data_ && imgsz == imgsz_)
        return;
    data_ = dataYaml;
    imgsz_ = imgsz;
    summarize();
}

QString ModelPicker::summaryText() const
{
    return isSummarizing() ? QString() : summary_->text();
}

void ModelPicker::pick(const QString& model)
{
    if (model == model_)
        return;
    model_ = model;
    showModel();
    emit modelChanged(model_);
}

void ModelPicker::addFamilies()
{
    // Ultralytics' current default family first, under a heading the list cannot select, then the others.
    QStringList defaults, others;
    for (const ys::BuiltinModel& m : builtins()) {
        QStringList& list = m.ultralyticsDefault ? defaults : others;
        if (!list.contains(QString::fromStdString(m.family)))
            list << QString::fromStdString(m.family);
    }
    if (!defaults.isEmpty()) {
        family_->addItem(QString(), QString::fromLatin1(kDefaultHeading));
        if (auto* model = qobject_cast<QStandardItemModel*>(family_->model())) {
            QStandardItem* heading = model->item(family_->count() - 1);
            heading->setFlags(Qt::NoItemFlags);
            QFont italic = heading->font();
            italic.setItalic(true);
            heading->setFont(italic);
        }
    }
    for (const QString& f : defaults)
        family_->addItem(f, f);
    if (!defaults.isEmpty() && !others.isEmpty())
        family_->insertSeparator(family_->count());
    for (const QString& f : others)
        family_->addItem(f, f);
}

bool ModelPicker::isUltralyticsDefault(const QString& model)
{
    const ys::BuiltinModel* m = findBuiltin(model);
    return m && m->ultralyticsDefault;
}

void ModelPicker::rebuildScales(const QString& family)
{
    for (QAbstractButton* b : scales_->buttons()) {
        scales_->removeButton(b);
        delete b;
    }
    const auto& models = builtins();
    for (size_t i = 0; i < models.size(); ++i) {
        if (QString::fromStdString(models[i].family) != family)
            continue;
        auto* b = new QToolButton(scaleBox_);
        b->setCheckable(true);
        b->setText(QString(QLatin1Char(models[i].scale)));
        b->setToolTip(tr("Scale %1 (%2)").arg(QString(QLatin1Char(models[i].scale)),
                                               QString::fromStdString(models[i].file)));
        b->setMinimumWidth(28);
        scales_->addButton(b, static_cast<int>(i));
        scaleLayout_->addWidget(b);
    }
}

void ModelPicker::showModel()
{
    const ys::BuiltinModel* builtin = findBuiltin(model_);
    // Remove the entry of an earlier file before adding the current one.
    const int fileEntry = family_->findData(QString(), Qt::UserRole);
    if (fileEntry >= 0)
        family_->removeItem(fileEntry);
    const QSignalBlocker block(family_);
    if (builtin) {
        const QString family = QString::fromStdString(builtin->family);
        family_->setCurrentIndex(family_->findData(family));
        rebuildScales(family);
        for (QAbstractButton* b : scales_->buttons())
            b->setChecked(b->text() == QString(QLatin1Char(builtin->scale)));
        scaleBox_->setVisible(true);
    } else {
        family_->addItem(QFileInfo(model_).fileName(), QString());
        family_->setItemData(family_->count() - 1, model_, Qt::ToolTipRole);
        family_->setCurrentIndex(family_->count() - 1);
        scaleBox_->setVisible(false);
    }
    summarize();
}

void ModelPicker::openFile()
{
    QSettings settings;
    const QString folder = settings.value(QStringLiteral("config/modelFolder")).toString();
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open a model"), folder,
        tr("Models and weights (*.yaml *.yml *.pt);;Model YAML (*.yaml *.yml);;Weights (*.pt)"));
    if (path.isEmpty())
        return;
    settings.setValue(QStringLiteral("config/modelFolder"), QFileInfo(path).absolutePath());
    pick(path);
}

void ModelPicker::summarize()
{
    const quint64 request = ++request_;
    if (ys::isWeightsFile(model_.toStdString())) {
        // What the checkpoint holds (inspectCheckpoint reads its pickle, not its weights: ~10-50 ms), off the
        // GUI thread.
        const QFileInfo info(model_);
        if (!info.exists()) {
            summary_->setText(tr("Weights file %1 (not found)").arg(info.fileName()));
            shown_ = request;
            emit summaryUpdated();
            return;
        }
        summary_->setText(tr("Reading %1…").arg(info.fileName()));
        const std::string path = model_.toStdString();
        jobs_.start(this, [path] { return ys::inspectCheckpoint(path); },
            [this, request](const ys::Expected<ys::CheckpointInfo>& r) {
                if (request != request_)
                    return;
                shown_ = request;
                summary_->setToolTip(QString());
                if (!r) {
                    summary_->setText(tr("Cannot read this weights file: %1")
                                          .arg(QString::fromStdString(r.error().message)));
                } else if (auto notDetection = ys::requireDetection(*r)) {
                    summary_->setText(QString::fromStdString(notDetection->message));
                } else {
                    summary_->setText(checkpointSummary(*r));
                    QStringList names;
                    for (size_t i = 0; i < r->names.size(); ++i)
                        names << QStringLiteral("%1 %2").arg(i).arg(QString::fromStdString(r->names[i]));
                    summary_->setToolTip(names.join(QLatin1Char('\n')));
                }
                emit summaryUpdated();
            });
        return;
    }
    if (imgsz_ <= 0 || imgsz_ % 32 != 0) {
        summary_->setText(tr("Parameters and GFLOPs appear for a valid image size."));
        shown_ = request;
        emit summaryUpdated();
        return;
    }
    summary_->setText(tr("Counting parameters…"));
    const QString model = model_, data = data_;
    const int imgsz = imgsz_;
    jobs_.start(this, [model, data, imgsz]() -> ys::Expected<Summary> { return SummaryCache::instance().get(model, data, imgsz); },
        [this, request](const ys::Expected<Summary>& result) {
            if (request != request_)
                return;  // a newer model or size was asked for meanwhile
            shown_ = request;
            Summary s;
            if (result)
                s = *result;
            else
                s.error = QString::fromStdString(result.error().message);
            if (s.ok)
                summary_->setText(tr("%1 · %2 M parameters · %3 GFLOPs at %4 px · %5 classes")
                                      .arg(s.name)
                                      .arg(s.params / 1e6, 0, 'f', 2)
                                      .arg(s.gflops, 0, 'f', 1)
                                      .arg(s.imgsz)
                                      .arg(s.nc) +
                                  (isUltralyticsDefault(model_) ? QStringLiteral(" · ") + defaultTag() : QString()));
            else
                summary_->setText(tr("Cannot read this model: %1").arg(s.error));
            summary_->setToolTip(s.ok ? tr("%1 parameters").arg(QLocale().toString(s.params)) : QString());
            emit summaryUpdated();
        });
}

QString ModelPicker::checkpointSummary(const ys::CheckpointInfo& c)
{
    const QString format = c.format == ys::CheckpointFormat::Ultralytics ? tr("Ultralytics checkpoint")
                                                                         : tr("YOLO Studio checkpoint");
    QString model = QString::fromStdString(c.family.empty() ? c.yamlFile : c.family);
    if (c.scale)
        model += QStringLiteral(" ") + tr("scale %1").arg(QChar::fromLatin1(c.scale));
    QStringList parts{format, model, tr("%1 classes").arg(c.nc)};
    if (c.imgsz > 0)
        parts << tr("trained at %1 px").arg(c.imgsz);
    if (c.epoch >= 0)
        parts << (c.epochs > 0 ? tr("epoch %1 of %2").arg(c.epoch).arg(c.epochs) : tr("epoch %1").arg(c.epoch));
    if (!c.date.empty())
        parts << QString::fromStdString(c.date).left(10);
    parts << tr("%1 M parameters").arg(static_cast<double>(c.parameters) / 1e6, 0, 'f', 2);
    return parts.join(QStringLiteral(" · "));
}

QString ModelPicker::defaultTag()
{
    return tr("Ultralytics' current default");
}

void ModelPicker::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void ModelPicker::retranslate()
{
    openButton_->setText(tr("Open file…"));
    openButton_->setToolTip(tr("Use a model YAML of your own or a weights file (.pt)"));
    family_->setToolTip(tr("Model family"));
    const int heading = family_->findData(QString::fromLatin1(kDefaultHeading));
    if (heading >= 0)
        family_->setItemText(heading, defaultTag());
    for (int i = 0; i < family_->count(); ++i)
        if (i != heading && isDefaultFamily(family_->itemData(i).toString()))
            family_->setItemData(i, tr("%1: the model family Ultralytics trains by default (since 8.4)")
                                        .arg(family_->itemText(i)), Qt::ToolTipRole);
    showModel();  // scale tooltips and the summary line

}

}  // namespace ys::ui
