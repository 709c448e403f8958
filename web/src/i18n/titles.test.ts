import { describe, expect, it } from 'vitest';
import { asTitle } from './titles';
import en from '../components/resource/locales/en.json';
import id from '../components/resource/locales/id.json';
import zh from '../components/resource/locales/zh-CN.json';

const fill = (template: string, entity: string) => template.replace('{{entity}}', entity);

describe('drawer and dialog titles are capitalised like the rest', () => {
  it.each([
    ['en', en.resource.detailTitle, 'courier', 'Courier details'],
    ['en', en.resource.detailTitle, 'WhatsApp group', 'WhatsApp group details'],
    ['id', id.resource.detailTitle, 'kurir', 'Detail kurir'],
    ['zh-CN', zh.resource.detailTitle, '物流商', '物流商详情'],
    ['en', en.resource.addTitle, 'inbound or outbound order', 'Add inbound or outbound order'],
  ])('%s: %s of %s', (language, template, entity, title) => {
    expect(asTitle(fill(template, entity), language)).toBe(title);
  });
});
