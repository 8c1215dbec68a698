#include "ui/runs/runspage.h"

#include "ui/common/icons.h"

#include <QDateTime>
#include <QDesktopServices>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QStackedWidget>
#include <QUrl>
#include <QVBoxLayout>

namespace ys::ui {
namespace {

// A run folder is one the trainer made: it always writes args.yaml first.
bool isRunFolder(const QFileInfo& dir)
{
    return QFileInfo::exists(QDir(dir.absoluteFilePath()).filePath(QStringLiteral("args.yaml")));
}

}  // namespace

RunsPage::RunsPage(QWidget* parent) : StudioPage(parent), stack_(new QStackedWidget(this))
{
    setObjectName(QStringLiteral("RunsPage"));
    auto* empty = new QWidget(this);
    auto* el = new QVBoxLayout(empty);
    el->addStretch(2);
    auto* iconLabel = new QLabel(empty);
    iconLabel->setPixmap(ys::ui::icon(IconId::Runs).pixmap(64, 64));
    iconLabel->setAlignment(Qt::AlignHCenter);
    emptyTitle_ = new QLabel(empty);
    QFont f = emptyTitle_->font();
    f.setPointSizeF(f.pointSizeF() * 1.4);
    f.setBold(true);
    emptyTitle_->setFont(f);
    emptyTitle_->setAlignment(Qt::AlignHCenter);
    emptyText_ = new QLabel(empty);
    emptyText_->setWordWrap(true);
    emptyText_->setAlignment(Qt::AlignHCenter);
    emptyText_->setFixedWidth(560);   // a wrapped label needs a width to take its height from
    trainButton_ = new QPushButton(ys::ui::icon(IconId::Train), QString(), empty);
    connect(trainButton_, &QPushButton::clicked, this, &RunsPage::trainRequested);
    el->addWidget(iconLabel);
    el->addWidget(emptyTitle_);
    el->addWidget(emptyText_, 0, Qt::AlignHCenter);
    el->addSpacing(12);
    el->addWidget(trainButton_, 0, Qt::AlignHCenter);
    el->addStretch(3);

    auto* listPage = new QWidget(this);
    auto* ll = new QVBoxLayout(listPage);
    listTitle_ = new QLabel(listPage);
    listTitle_->setWordWrap(true);
    list_ = new QListWidget(listPage);
    list_->setIconSize(QSize(20, 20));
    connect(list_, &QListWidget::itemActivated, this, [](QListWidgetItem* item) {
        QDesktopServices::openUrl(QUrl::fromLocalFile(item->data(Qt::UserRole).toString()));
    });
    ll->addWidget(listTitle_);
    ll->addWidget(list_, 1);

    stack_->addWidget(empty);
    stack_->addWidget(listPage);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(stack_);
    retranslate();
}

QString RunsPage::title() const
{
    return tr("Runs");
}

QIcon RunsPage::icon() const
{
    return ys::ui::icon(IconId::Runs);
}

QString RunsPage::statusText() const
{
    return runCount() == 0 ? tr("No runs yet") : tr("%n run(s) in %1", nullptr, runCount()).arg(QDir::toNativeSeparators(folder_));
}

void RunsPage::retranslate()
{
    emptyTitle_->setText(tr("No runs yet"));
    emptyText_->setText(tr("Runs you start on the Train page are kept here, one folder each, with their settings, "
                           "curves, memory timeline, events and weights. A run belongs to the dataset that is "
                           "open: open a dataset, set up a run and press Start."));
    trainButton_->setText(tr("Go to the Train page"));
    listTitle_->setText(tr("Run folders of this dataset in %1 (double-click opens the folder):")
                            .arg(QDir::toNativeSeparators(folder_)));
    emit titleChanged();
}

void RunsPage::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    StudioPage::changeEvent(event);
}

void RunsPage::setProjectFolder(const QString& folder)
{
    folder_ = folder;
    refresh();
}

void RunsPage::refresh()
{
    list_->clear();
    const QFileInfoList dirs = folder_.isEmpty() ? QFileInfoList()
                                                 : QDir(folder_).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Time);
    for (const QFileInfo& d : dirs) {
        if (!isRunFolder(d))
            continue;
        auto* item = new QListWidgetItem(ys::ui::icon(IconId::Runs),
                                         tr("%1 — %2").arg(d.fileName(), QLocale().toString(d.lastModified(), QLocale::ShortFormat)),
                                         list_);
        item->setData(Qt::UserRole, d.absoluteFilePath());
        item->setToolTip(QDir::toNativeSeparators(d.absoluteFilePath()));
    }
    stack_->setCurrentIndex(list_->count() == 0 ? 0 : 1);
    retranslate();
    emit statusChanged(statusText());
}

int RunsPage::runCount() const
{
    return list_->count();
}

bool RunsPage::showsEmptyState() const
{
    return stack_->currentIndex() == 0;
}

}  // namespace ys::ui
