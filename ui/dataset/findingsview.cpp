#include "ui/dataset/findingsview.h"

#include "ui/dataset/findingsmodel.h"
#include "ui/common/icons.h"

#include <QAction>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace ys::ui {

FindingsView::FindingsView(QWidget* parent) : QWidget(parent)
{
    model_ = new FindingsModel(this);
    proxy_ = new FindingsProxy(this);
    proxy_->setSourceModel(model_);

    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(6, 6, 6, 4);
    bar->setSpacing(4);
    for (int s = 0; s < 3; ++s) {
        auto* b = new QToolButton(this);
        b->setCheckable(true);
        b->setChecked(true);
        b->setIcon(severityIcon(static_cast<ys::Severity>(s)));
        b->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
        b->setAutoRaise(true);
        connect(b, &QToolButton::toggled, this, [this] {
            unsigned mask = 0;
            for (int i = 0; i < 3; ++i)
                if (severity_[i]->isChecked())
                    mask |= 1u << i;
            proxy_->setSeverityMask(mask);
            updateCounts();
        });
        severity_[s] = b;
        bar->addWidget(b);
    }
    bar->addSpacing(8);
    search_ = new QLineEdit(this);
    search_->setClearButtonEnabled(true);
    search_->setMaximumWidth(320);
    connect(search_, &QLineEdit::textChanged, this, [this](const QString& t) {
        proxy_->setText(t.trimmed());
        updateCounts();
    });
    bar->addWidget(search_, 1);
    bar->addStretch(0);
    count_ = new QLabel(this);
    count_->setStyleSheet(QStringLiteral("color: palette(placeholder-text);"));
    bar->addWidget(count_);
    export_ = new QToolButton(this);
    export_->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    export_->setAutoRaise(true);
    export_->setVisible(false);
    bar->addWidget(export_);

    table_ = new QTableView(this);
    table_->setObjectName(QStringLiteral("findingsTable"));
    table_->setModel(proxy_);
    table_->setSortingEnabled(true);
    table_->sortByColumn(FindingsModel::SeverityColumn, Qt::AscendingOrder);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setAlternatingRowColors(true);
    table_->setWordWrap(false);
    table_->setTextElideMode(Qt::ElideMiddle);
    table_->verticalHeader()->setVisible(false);
    table_->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    auto* h = table_->horizontalHeader();
    h->setHighlightSections(false);
    h->setSectionResizeMode(QHeaderView::Interactive);
    h->setStretchLastSection(true);
    h->resizeSection(FindingsModel::SeverityColumn, 96);
    h->resizeSection(FindingsModel::ProblemColumn, 200);
    h->resizeSection(FindingsModel::CodeColumn, 150);
    h->resizeSection(FindingsModel::FileColumn, 240);
    h->resizeSection(FindingsModel::LineColumn, 56);
    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &FindingsView::onCurrentChanged);
    connect(table_, &QTableView::clicked, this, &FindingsView::onCurrentChanged);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(bar);
    layout->addWidget(table_, 1);
    retranslate();
}

void FindingsView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        model_->retranslate();
    }
    QWidget::changeEvent(event);
}

void FindingsView::retranslate()
{
    search_->setPlaceholderText(tr("Filter by problem, code, file or message"));
    updateCounts();
}

void FindingsView::setExportAction(QAction* action)
{
    export_->setDefaultAction(action);
    export_->setVisible(action != nullptr);
}

void FindingsView::setResult(std::shared_ptr<const ys::CheckResult> result, const QString& root)
{
    model_->setResult(std::move(result), root);
    updateCounts();
}

void FindingsView::selectRow(int proxyRow)
{
    if (proxyRow < 0 || proxyRow >= proxy_->rowCount())
        return;
    table_->selectRow(proxyRow);
    table_->scrollTo(proxy_->index(proxyRow, 0));
    onCurrentChanged();
}

QByteArray FindingsView::saveLayout() const
{
    return table_->horizontalHeader()->saveState();
}

void FindingsView::restoreLayout(const QByteArray& state)
{
    table_->horizontalHeader()->restoreState(state);
}

const ys::Finding* FindingsView::currentFinding() const
{
    const QModelIndex cur = table_->currentIndex();
    return cur.isValid() ? model_->finding(proxy_->mapToSource(cur).row()) : nullptr;
}

void FindingsView::updateCounts()
{
    const QLocale loc;
    qint64 n[3] = {0, 0, 0};
    if (const auto r = model_->result()) {
        n[0] = r->summary.errors;
        n[1] = r->summary.warnings;
        n[2] = r->summary.infos;
    }
    severity_[0]->setText(tr("%1 Errors").arg(loc.toString(n[0])));
    severity_[1]->setText(tr("%1 Warnings").arg(loc.toString(n[1])));
    severity_[2]->setText(tr("%1 Info").arg(loc.toString(n[2])));
    const int shown = proxy_->rowCount();
    const int total = model_->rowCount();
    count_->setText(shown == total ? tr("%Ln finding(s)", nullptr, total)
                                   : tr("%1 of %2 shown").arg(loc.toString(shown), loc.toString(total)));
}

void FindingsView::onCurrentChanged()
{
    const QModelIndex cur = table_->currentIndex();
    if (!cur.isValid())
        return;
    emit findingActivated(cur.data(FindingsModel::ImageRole).toInt(), cur.data(FindingsModel::BoxRole).toInt());
}

}  // namespace ys::ui
