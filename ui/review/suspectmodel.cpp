#include "ui/review/suspectmodel.h"

#include "ui/review/reviewtext.h"

#include <QFileInfo>

#include <algorithm>

namespace ys::ui {

SuspectModel::SuspectModel(QObject* parent) : QAbstractTableModel(parent) {}

void SuspectModel::setReview(std::shared_ptr<const ys::ReviewResult> result)
{
    beginResetModel();
    result_ = std::move(result);
    keys_.clear();
    marks_ = ReviewMarks(result_ ? QString::fromStdString(result_->dataYaml) : QString());
    if (result_) {
        for (const ys::Suspect& s : result_->suspects) {
            const std::string& image = result_->images.at(static_cast<size_t>(s.image)).image;
            keys_.push_back(QString::fromStdString(ys::suspectKey(image, s, result_->root)));
        }
    }
    rebuild();
    endResetModel();
}

void SuspectModel::rebuild()
{
    rows_.clear();
    for (int i = 0; i < static_cast<int>(keys_.size()); ++i)
        if (showHidden_ || marks_.mark(keys_[static_cast<size_t>(i)]) != ReviewMarks::NotAMistake)
            rows_.push_back(i);
}

void SuspectModel::setShowHidden(bool show)
{
    if (show == showHidden_)
        return;
    beginResetModel();
    showHidden_ = show;
    rebuild();
    endResetModel();
}

void SuspectModel::setMark(int suspect, ReviewMarks::Mark mark)
{
    if (suspect < 0 || suspect >= static_cast<int>(keys_.size()))
        return;
    marks_.setMark(keys_[static_cast<size_t>(suspect)], mark);
    const int row = rowOf(suspect);
    const bool hide = mark == ReviewMarks::NotAMistake && !showHidden_;
    if (row >= 0 && hide) {
        beginRemoveRows({}, row, row);
        rows_.erase(rows_.begin() + row);
        endRemoveRows();
    } else if (row >= 0) {
        emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
    } else if (!hide) {
        beginResetModel();
        rebuild();
        endResetModel();
    }
}

ReviewMarks::Mark SuspectModel::mark(int suspect) const
{
    return suspect >= 0 && suspect < static_cast<int>(keys_.size()) ? marks_.mark(keys_[static_cast<size_t>(suspect)])
                                                                     : ReviewMarks::None;
}

QString SuspectModel::key(int suspect) const
{
    return suspect >= 0 && suspect < static_cast<int>(keys_.size()) ? keys_[static_cast<size_t>(suspect)] : QString();
}

int SuspectModel::suspectAt(int row) const
{
    return row >= 0 && row < static_cast<int>(rows_.size()) ? rows_[static_cast<size_t>(row)] : -1;
}

int SuspectModel::rowOf(int suspect) const
{
    const auto it = std::find(rows_.begin(), rows_.end(), suspect);
    return it == rows_.end() ? -1 : static_cast<int>(it - rows_.begin());
}

std::vector<int> SuspectModel::fixedSuspects() const
{
    std::vector<int> out;
    for (int i = 0; i < static_cast<int>(keys_.size()); ++i)
        if (marks_.mark(keys_[static_cast<size_t>(i)]) == ReviewMarks::Fixed)
            out.push_back(i);
    return out;
}

int SuspectModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int SuspectModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SuspectModel::display(int suspect, int column) const
{
    const ys::Suspect& s = result_->suspects[static_cast<size_t>(suspect)];
    switch (column) {
    case Rank: return suspect + 1;
    case Image: {
        const QString name = QFileInfo(QString::fromStdString(result_->images[static_cast<size_t>(s.image)].image)).fileName();
        return s.line > 0 ? ReviewText::tr("%1, line %2").arg(name).arg(s.line) : name;
    }
    case Kind: return ReviewText::kind(s.kind);
    case Class: return ReviewText::className(*result_, s.cls);
    case Predicted: return s.predictedCls >= 0 ? ReviewText::className(*result_, s.predictedCls) : QString();
    case Score: return QString::number(s.score, 'f', 2);
    case Reason: return ReviewText::reason(*result_, s);
    case Marked:
        switch (mark(suspect)) {
        case ReviewMarks::NotAMistake: return ReviewText::tr("Not a mistake");
        case ReviewMarks::Fixed: return ReviewText::tr("Fixed");
        case ReviewMarks::None: return QString();
        }
    }
    return {};
}

QVariant SuspectModel::data(const QModelIndex& index, int role) const
{
    const int suspect = index.isValid() ? suspectAt(index.row()) : -1;
    if (suspect < 0 || !result_)
        return {};
    if (role == Qt::DisplayRole || (role == Qt::ToolTipRole && index.column() == Reason))
        return display(suspect, index.column());
    if (role == SuspectIndexRole)
        return suspect;
    if (role == KeyRole)
        return key(suspect);
    if (role == Qt::TextAlignmentRole && (index.column() == Rank || index.column() == Score))
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant SuspectModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Rank: return ReviewText::tr("#");
    case Image: return ReviewText::tr("Image");
    case Kind: return ReviewText::tr("Kind");
    case Class: return ReviewText::tr("Class");
    case Predicted: return ReviewText::tr("Predicted");
    case Score: return ReviewText::tr("Score");
    case Reason: return ReviewText::tr("Reason");
    case Marked: return ReviewText::tr("Marked");
    }
    return {};
}

void SuspectModel::retranslate()
{
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (!rows_.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

}  // namespace ys::ui
