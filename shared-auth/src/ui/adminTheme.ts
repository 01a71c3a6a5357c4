import type { ThemeConfig } from 'antd';

/**
 * The back office's antd theme: the brand colour, and text colours dark enough for WCAG AA
 * (4.5:1) where antd's defaults are not: errors and Delete (#ff4d4f is 3.3:1), links (#1677ff is
 * 3.8:1 on the grey page), placeholders (1.8:1), help texts and counts (3.4:1), and the "No" of a
 * switch that is off (white on #bfbfbf), and a table's empty text. Used by the shell's admin frame and each remote's dev host.
 */
export const ADMIN_THEME: ThemeConfig = {
  token: {
    colorPrimary: '#213c63',
    colorLink: '#213c63',
    colorError: '#cf1322',
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    borderRadius: 6,
  },
  components: {
    // A table's empty text ("No data", "No assigned menu items.") is drawn in the disabled grey (1.8:1).
    // Chosen rows (bulk actions) in a pale tint of the brand colour: the derived one is a dark grey.
    Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.55)', rowSelectedBg: '#eaf0f8', rowSelectedHoverBg: '#dde7f3' },
    Switch: { colorTextQuaternary: 'rgba(0, 0, 0, 0.55)', colorTextTertiary: 'rgba(0, 0, 0, 0.65)' },
  },
};
