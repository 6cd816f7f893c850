import type { MajorType } from './profile';

/**
 * The majors picker's short catalogue (spec 1 §2: tabs for higher, vocational and secondary
 * education, plus manual entry). PaiClass's own list of common majors, each under a stable id of
 * its own ("h…", "v…", "s…"); a major not listed is typed in by hand. Titles in Chinese and English.
 */
export interface CatalogueMajor {
  id: string;
  zh: string;
  en: string;
}

const list = (prefix: string, rows: [string, string][]): CatalogueMajor[] =>
  rows.map(([zh, en], i) => ({ id: `${prefix}${String(i + 1).padStart(2, '0')}`, zh, en }));

export const MAJOR_CATALOGUE: Record<Exclude<MajorType, '0'>, CatalogueMajor[]> = {
  // undergraduate and above
  '1': list('h', [
    ['计算机科学与技术', 'Computer Science'],
    ['软件工程', 'Software Engineering'],
    ['人工智能', 'Artificial Intelligence'],
    ['数据科学与大数据技术', 'Data Science'],
    ['电子信息工程', 'Electronic Engineering'],
    ['电气工程及其自动化', 'Electrical Engineering'],
    ['机械设计制造及其自动化', 'Mechanical Engineering'],
    ['土木工程', 'Civil Engineering'],
    ['数学与应用数学', 'Mathematics'],
    ['物理学', 'Physics'],
    ['化学', 'Chemistry'],
    ['生物科学', 'Biology'],
    ['临床医学', 'Clinical Medicine'],
    ['护理学', 'Nursing'],
    ['汉语言文学', 'Chinese Language and Literature'],
    ['英语', 'English'],
    ['新闻学', 'Journalism'],
    ['法学', 'Law'],
    ['经济学', 'Economics'],
    ['金融学', 'Finance'],
    ['会计学', 'Accounting'],
    ['工商管理', 'Business Administration'],
    ['小学教育', 'Primary Education'],
    ['体育教育', 'Physical Education'],
    ['历史学', 'History'],
    ['视觉传达设计', 'Visual Communication Design'],
  ]),
  // higher vocational
  '2': list('v', [
    ['计算机应用技术', 'Computer Applications'],
    ['软件技术', 'Software Technology'],
    ['计算机网络技术', 'Computer Networking'],
    ['大数据技术', 'Big Data Technology'],
    ['电子商务', 'E-commerce'],
    ['大数据与会计', 'Accounting with Big Data'],
    ['市场营销', 'Marketing'],
    ['物流管理', 'Logistics Management'],
    ['机电一体化技术', 'Mechatronics'],
    ['工业机器人技术', 'Industrial Robotics'],
    ['汽车检测与维修技术', 'Automotive Repair'],
    ['建筑工程技术', 'Construction Engineering'],
    ['护理', 'Nursing'],
    ['学前教育', 'Early Childhood Education'],
    ['旅游管理', 'Tourism Management'],
    ['酒店管理与数字化运营', 'Hotel Management'],
  ]),
  // secondary vocational
  '3': list('s', [
    ['计算机应用', 'Computer Applications'],
    ['计算机网络技术', 'Computer Networking'],
    ['电子商务', 'E-commerce'],
    ['会计事务', 'Accounting Practice'],
    ['机电技术应用', 'Electromechanical Technology'],
    ['数控技术应用', 'CNC Machining'],
    ['汽车运用与维修', 'Automotive Maintenance'],
    ['护理', 'Nursing'],
    ['幼儿保育', 'Childcare'],
    ['烹饪', 'Cookery'],
    ['美容美体艺术', 'Beauty Care'],
    ['高星级饭店运营与管理', 'Hotel Operations'],
  ]),
};

/** A catalogue major by its type and id; undefined when the list has no such entry. */
export function catalogueMajor(type: string, id: string): CatalogueMajor | undefined {
  if (type !== '1' && type !== '2' && type !== '3') return undefined;
  return MAJOR_CATALOGUE[type].find((m) => m.id === id);
}
